import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// happy-dom has no canvas: ECharts itself is replaced, the wrapper's own work is what is tested.
const echarts = vi.hoisted(() => {
  const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn(), on: vi.fn(), off: vi.fn() };
  return { instance, init: vi.fn(() => instance), use: vi.fn() };
});
vi.mock('echarts/core', () => ({ init: echarts.init, use: echarts.use }));

import { Chart } from './chart';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

describe('Chart', () => {
  it('loads lazily, draws the option and has a text alternative', async () => {
    const option = { xAxis: { type: 'category' }, yAxis: {}, series: [{ type: 'bar', data: [1500, 950] }] };
    render(<Chart option={option} label="Revenue per day" summary="Highest: Monday, 1.5k" height={200} />);
    expect(screen.getByTestId('chart-loading')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: 'Revenue per day' }, { timeout: 15_000 });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Highest: Monday, 1.5k');
    expect(echarts.init).toHaveBeenCalledWith(chart, undefined, { renderer: 'canvas' });
    expect(echarts.instance.setOption).toHaveBeenCalledWith(expect.objectContaining({ series: option.series }), { notMerge: true });
    // Only what the reports use is registered.
    expect(echarts.use).toHaveBeenCalledTimes(1);
  });

  it('is disposed when it leaves the screen', async () => {
    const { unmount } = render(<Chart option={{}} label="Empty" />);
    await screen.findByRole('img', { name: 'Empty' }, { timeout: 15_000 });
    unmount();
    expect(echarts.instance.dispose).toHaveBeenCalled();
  });
});
