/**
 * The Italian "di" + article before a number, as the number is read aloud: "dello 0,7%" (zero),
 * "dell'1%", "dell'8%", "dell'11%", "dell'80%", otherwise "del 5%". Includes the space when one follows.
 */
export function italianOf(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  if (digits === '0') return 'dello ';
  if (digits === '1' || digits.startsWith('8')) return "dell'";
  // 11, 11 000 (undici, undicimila...): the digits before the thousands read "undici".
  if (digits.startsWith('11') && digits.length % 3 === 2) return "dell'";
  return 'del ';
}
