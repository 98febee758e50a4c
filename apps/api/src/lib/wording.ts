// Counted words for answers such as 'Depot is used by 1 vehicle and 2 jobs'.

/** '1 job', '3 jobs'. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** 'a', 'a and b', 'a, b and c'. */
export function listPhrase(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
