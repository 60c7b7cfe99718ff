import { describe, expect, it } from 'vitest';
import { frameTimeChartSvg } from './chart';

describe('frameTimeChartSvg', () => {
  const svg = frameTimeChartSvg(
    [
      { name: 'vanilla DOM', color: '#1f77b4', frames: [16, 17, 16, 17] },
      { name: 'plain React <list>', color: '#d62728', frames: [16, 400, 16] },
    ],
    'Live feed frame times',
  );
  it('draws one line and one legend entry per series, with the names escaped', () => {
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('vanilla DOM');
    expect(svg).toContain('plain React &lt;list&gt;');
  });
  it('caps a very long frame at the top of the plot instead of stretching the axis', () => {
    const points = /stroke="#d62728" stroke-width="1.2" points="([^"]+)"/.exec(svg)?.[1]?.split(' ') ?? [];
    const ys = points.map((p) => Number(p.split(',')[1]));
    expect(Math.min(...ys)).toBe(40);
  });
  it('is a standalone SVG document', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
  });
});
