// Vitest 5's reporter calls Map.groupBy / Object.groupBy, which Node 20 lacks (added in Node 21).
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const group = map.get(k);
      if (group) group.push(item);
      else map.set(k, [item]);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => Object.fromEntries(Map.groupBy(items, key));
}
