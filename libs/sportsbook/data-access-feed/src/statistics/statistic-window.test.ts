import { describe, expect, it } from 'vitest';
import {
  openStatisticWindow,
  STATISTIC_WINDOW_NAME,
  statisticWindowFeatures,
  statisticWindowHeight,
  statisticWindowRect,
  type WindowLike,
} from './statistic-window';

describe('statisticWindowHeight', () => {
  it('is 500 up to 1000 px, 780 above 1000 px and 984 above 1200 px', () => {
    expect(statisticWindowHeight(768)).toBe(500);
    expect(statisticWindowHeight(1000)).toBe(500);
    expect(statisticWindowHeight(1001)).toBe(780);
    expect(statisticWindowHeight(1200)).toBe(780);
    expect(statisticWindowHeight(1201)).toBe(984);
    expect(statisticWindowHeight(1440)).toBe(984);
  });
});

describe('statisticWindowRect', () => {
  it('centres a 1024 px wide window on the screen', () => {
    expect(statisticWindowRect({ width: 1920, height: 1080 })).toEqual({
      width: 1024,
      height: 780,
      left: 448,
      top: 150,
    });
  });

  it('centres on the usable area of a second monitor', () => {
    expect(
      statisticWindowRect({
        width: 2560,
        height: 1440,
        availWidth: 2560,
        availHeight: 1400,
        availLeft: 1920,
        availTop: 0,
      }),
    ).toEqual({
      width: 1024,
      height: 984,
      left: 1920 + 768,
      top: 208,
    });
  });

  it('never places the window off the top-left of a small screen', () => {
    expect(statisticWindowRect({ width: 800, height: 480 })).toMatchObject({ left: 0, top: 0, height: 500 });
  });
});

describe('statisticWindowFeatures', () => {
  it('gives a window.open features string', () => {
    expect(statisticWindowFeatures({ width: 1280, height: 800 })).toBe(
      'width=1024,height=500,left=128,top=150,resizable=yes,scrollbars=yes',
    );
  });
});

describe('openStatisticWindow', () => {
  it('opens the URL in the named, centred popup', () => {
    const calls: string[][] = [];
    const win: WindowLike = {
      screen: { width: 1920, height: 1080 },
      open: (...args: string[]) => {
        calls.push(args);
        return {};
      },
    };
    expect(openStatisticWindow('/en/statisticpopup/horse/1', win)).toBe(true);
    expect(calls).toEqual([['/en/statisticpopup/horse/1', STATISTIC_WINDOW_NAME, statisticWindowFeatures(win.screen)]]);
  });

  it('reports a blocked popup so the caller can use a modal instead', () => {
    expect(openStatisticWindow('/x', { screen: { width: 1, height: 1 }, open: () => null })).toBe(false);
  });
});
