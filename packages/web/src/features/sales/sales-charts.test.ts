import { describe, expect, it } from 'vitest';
import { comparisonOption, NOT_YET_COLOUR } from './sales-charts';

type Series = { data: unknown[]; tooltip: { valueFormatter: (value: unknown) => string } };

describe('comparisonOption', () => {
  const option = comparisonOption({
    categories: ['21', '22', '23'],
    current: [100, 0, 0],
    previous: [80, 60, 90],
    notYet: [false, false, true],
    labels: { current: '2026', previous: 'Same weekday 2025', notYet: 'Not yet' },
    language: 'en',
  }) as { series: Series[]; xAxis: { axisLabel: { color: (value: string, index: number) => string } } };
  const [previous, current] = option.series as [Series, Series];

  it('draws no bar for a day not yet come (a day that has come with no sales keeps its 0)', () => {
    expect(current.data).toEqual([100, 0, null]);
  });

  it("fades last year's bar and the axis label of a day not yet come, and its tooltip says Not yet", () => {
    expect(previous.data).toEqual([80, 60, { value: 90, itemStyle: { opacity: 0.4 } }]);
    expect(option.xAxis.axisLabel.color('23', 2)).toBe(NOT_YET_COLOUR);
    expect(option.xAxis.axisLabel.color('21', 0)).not.toBe(NOT_YET_COLOUR);
    expect(current.tooltip.valueFormatter(undefined)).toBe('Not yet');
    expect(current.tooltip.valueFormatter(100)).toBe('€100.00');
  });
});
