/** Minutes and seconds as m:ss (the spec's Duration column): 3 and 7 → "3:07". */
export function minutesSeconds(mins: number, secs: number): string {
  return `${mins}:${String(secs).padStart(2, '0')}`;
}
