import { describe, expect, it } from 'vitest';
import { vipDeskFor } from './betting.service';
import { ConsoleVipDesk, DevelopmentVipDesk, type VipBetDesk } from './vip-desk';

describe('vipDeskFor', () => {
  it('takes the desk given (null: none), else the one chosen, else the development desk outside production and none in production', () => {
    const desk: VipBetDesk = { review: async () => ({ kind: 'declined', reason: 'test' }) };
    expect(vipDeskFor('production', desk)).toBe(desk);
    expect(vipDeskFor('development', null)).toBeNull();
    expect(vipDeskFor('production', undefined)).toBeNull();
    expect(vipDeskFor('production', undefined, undefined, 'console')).toBeInstanceOf(ConsoleVipDesk);
    expect(vipDeskFor('test', undefined, undefined, 'none')).toBeNull();
    expect(vipDeskFor('test', undefined, undefined, 'console')?.decidedInConsole).toBe(true);
    expect(vipDeskFor('production', undefined, undefined, 'development')).toBeInstanceOf(DevelopmentVipDesk);
    expect(vipDeskFor('test', undefined)).toBeInstanceOf(DevelopmentVipDesk);
    expect(vipDeskFor('development', undefined, Number.NaN)).toBeInstanceOf(DevelopmentVipDesk);
  });
});
