import { decimalSeparatorOf } from '../format/number-format';

/**
 * A bar label with a k suffix: 1500 -> '1.5k', 1000 -> '1k', 950 -> '950'.
 * Values are rounded to whole units first (999.6 -> '1k'); thousands keep one decimal, written
 * with the interface language's decimal separator ('1,5k' in Italian). No grouping: labels stay short.
 */
export function barLabelK(value: number, language = 'en'): string {
  if (!Number.isFinite(value)) return '';
  const whole = Math.round(value);
  if (Math.abs(whole) < 1000) return String(whole === 0 ? 0 : whole);
  const thousands = Math.round(whole / 100) / 10;
  return `${String(thousands).replace('.', decimalSeparatorOf(language))}k`;
}

/** What ECharts hands a label formatter: the data value, and for dataset charts which dimension is y. */
interface LabelParams {
  value?: unknown;
  encode?: Record<string, number[] | undefined>;
  dimensionNames?: string[];
}

/** The numeric value a label is about: a plain value, or the y dimension of a dataset row (array or object). */
export function labelValueOf(params: LabelParams): number {
  const { value } = params;
  if (typeof value === 'number') return value;
  const yIndex = params.encode?.y?.[0];
  if (Array.isArray(value)) return Number(yIndex !== undefined ? value[yIndex] : value[value.length - 1]);
  if (value && typeof value === 'object' && yIndex !== undefined) {
    const name = params.dimensionNames?.[yIndex];
    return name !== undefined ? Number((value as Record<string, unknown>)[name]) : Number.NaN;
  }
  return Number(value);
}

/**
 * An ECharts series label above each bar, with the k suffix in the interface language.
 * Spread into a bar series: `label: { ...barLabelOnTop(language), fontSize: 10 }`.
 */
export function barLabelOnTop(language: string) {
  return {
    show: true,
    position: 'top' as const,
    formatter: (params: LabelParams) => barLabelK(labelValueOf(params), language),
  };
}
