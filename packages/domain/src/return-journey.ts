// The Return Journey button (spec 2 §2.3, issue 29): the trip back is the whole outbound trip driven in
// reverse, not only its first leg. A trip Depot → School → Museum comes back Museum → School → Depot, so
// every stop the coach made on the way out is a stop on the way back, in the opposite order.

export interface JourneyLegEnds {
  originAddress?: string | null;
  destinationAddress?: string | null;
}

const trimmed = (address: string | null | undefined) => address?.trim() ?? '';

/** The button works once the first leg has both ends (the spec's condition). */
export function canReturnJourney(legs: readonly JourneyLegEnds[]): boolean {
  const first = legs[0];
  return Boolean(first && trimmed(first.originAddress) && trimmed(first.destinationAddress));
}

/**
 * The legs that bring the trip back: every leg with an address, last first, each with its ends swapped.
 * Legs with no address at all (an added row not yet filled) are left out; times and notes are not
 * copied, because the way back runs at other times and the outbound notes speak of the outbound stops.
 * Empty when the button would be disabled.
 */
export function returnJourney(
  legs: readonly JourneyLegEnds[],
): { originAddress: string; destinationAddress: string }[] {
  if (!canReturnJourney(legs)) return [];
  return legs
    .map((leg) => ({ origin: trimmed(leg.originAddress), destination: trimmed(leg.destinationAddress) }))
    .filter((leg) => leg.origin || leg.destination)
    .reverse()
    .map((leg) => ({ originAddress: leg.destination, destinationAddress: leg.origin }));
}
