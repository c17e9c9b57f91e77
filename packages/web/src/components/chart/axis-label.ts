import { formatValue } from '../format/number-format';

/**
 * A value axis' tick labels in the interface language, with an optional unit: '12.000', '2,5 %'
 * in Italian, '12,000', '2.5 %' in English. ECharts' own labels (no formatter, or a '{value}'
 * template) always group and point the English way.
 */
export function valueAxisLabel(language: string, unit = '') {
  return { formatter: (value: number) => `${formatValue(value, 'number', language)}${unit}` };
}

/** A tooltip's value formatter for plain counts in the interface language ('1.234' in Italian). */
export function countFormatter(language: string) {
  return (value: unknown) => formatValue(Number(value), 'number', language);
}
