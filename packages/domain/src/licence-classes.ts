// Licence classes are data (issue 26, ADR 33): an operator picks one ordered set, and a class covers
// every class before it in that set. Adding a country is adding an entry here, not code elsewhere.

export const LICENCE_CLASS_SETS = {
  au: {
    id: 'au',
    name: 'Australia (LR, MR, HR, HC, MC)',
    /** Light, medium, heavy rigid, heavy combination, multi-combination: each covers those before it. */
    classes: ['LR', 'MR', 'HR', 'HC', 'MC'],
  },
  uk: {
    id: 'uk',
    name: 'United Kingdom (D1, D)',
    /** D1 minibuses (up to 16 passengers), D any bus or coach. */
    classes: ['D1', 'D'],
  },
} as const satisfies Record<string, { id: string; name: string; classes: readonly string[] }>;

export type LicenceClassSetId = keyof typeof LICENCE_CLASS_SETS;
export type LicenceClassSet = (typeof LICENCE_CLASS_SETS)[LicenceClassSetId];

export const LICENCE_CLASS_SET_IDS = Object.keys(LICENCE_CLASS_SETS) as [
  LicenceClassSetId,
  ...LicenceClassSetId[],
];
export const DEFAULT_LICENCE_CLASS_SET_ID: LicenceClassSetId = 'au';

export const LICENCE_CLASS_SET_OPTIONS: { value: LicenceClassSetId; label: string }[] =
  LICENCE_CLASS_SET_IDS.map((id) => ({ value: id, label: LICENCE_CLASS_SETS[id].name }));

/** The set with this id, or the default set for an absent or unknown id. */
export function getLicenceClassSet(id: string | null | undefined): LicenceClassSet {
  return id && id in LICENCE_CLASS_SETS
    ? LICENCE_CLASS_SETS[id as LicenceClassSetId]
    : LICENCE_CLASS_SETS[DEFAULT_LICENCE_CLASS_SET_ID];
}

/** 'Choose a licence class of the operator's set: LR, MR, HR, HC or MC'. */
export function licenceClassMessage(set: LicenceClassSet): string {
  const classes = [...set.classes];
  const last = classes.pop();
  return `Choose a licence class of your set: ${classes.length ? `${classes.join(', ')} or ${last}` : last}`;
}

export function isLicenceClassOf(set: LicenceClassSet, value: string): boolean {
  return (set.classes as readonly string[]).includes(value);
}

/** Every class a licence of class `held` meets, as licenceCovers judges: for filtering in SQL. */
export function classesCoveredBy(set: LicenceClassSet, held: string | null | undefined): string[] {
  if (!held) return [];
  const classes = set.classes as readonly string[];
  return [...new Set([...classes.slice(0, classes.indexOf(held) + 1), held])];
}

/**
 * Whether a licence of class `held` allows driving what needs `needed`. Nothing needed is always
 * covered; a class outside the set (say, left over from the other set) covers nothing.
 */
export function licenceCovers(
  set: LicenceClassSet,
  held: string | null | undefined,
  needed: string | null | undefined,
) {
  if (!needed) return true;
  if (!held) return false;
  const classes = set.classes as readonly string[];
  const h = classes.indexOf(held);
  const n = classes.indexOf(needed);
  // A need outside the set cannot be judged by this set: only the same class meets it.
  if (n < 0) return held === needed;
  return h >= n;
}
