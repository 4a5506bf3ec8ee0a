import { describe, expect, it } from 'vitest';
import {
  idParamSchema,
  isoDate,
  money,
  optionalText,
  percent,
  quantity,
  requiredText,
} from './fields';

describe('field schemas', () => {
  it('trims required text and uses the given message', () => {
    const nome = requiredText('Nome é obrigatório');
    expect(nome.parse('  Ana  ')).toBe('Ana');
    expect(nome.safeParse('   ').error?.issues[0]?.message).toBe('Nome é obrigatório');
    expect(nome.safeParse(undefined).error?.issues[0]?.message).toBe('Nome é obrigatório');
  });

  it('turns blank optional text into null', () => {
    expect(optionalText().parse('  ')).toBeNull();
    expect(optionalText().parse(undefined)).toBeNull();
    expect(optionalText().parse(' x ')).toBe('x');
  });

  it('accepts money with two decimals only', () => {
    expect(money().parse(10.5)).toBe(10.5);
    expect(money().safeParse(1.005).success).toBe(false);
    expect(money().safeParse(Number.NaN).success).toBe(false);
    expect(money().safeParse('10').success).toBe(false);
    expect(money({ min: 0 }).safeParse(-1).success).toBe(false);
    const preco = money({ positiveMessage: 'Preço deve ser maior que zero' });
    expect(preco.safeParse(0).error?.issues[0]?.message).toBe('Preço deve ser maior que zero');
    expect(money().safeParse(1e13).success).toBe(false);
  });

  it('bounds percentages and quantities', () => {
    expect(percent().parse(12.34)).toBe(12.34);
    expect(percent().safeParse(100.01).success).toBe(false);
    expect(percent().safeParse(-1).success).toBe(false);
    expect(percent().safeParse(1.234).success).toBe(false);
    expect(quantity().parse(1.5)).toBe(1.5);
    expect(quantity().safeParse(1.2345).success).toBe(false);
  });

  it('checks days and ids', () => {
    expect(isoDate().safeParse('2026-02-30').success).toBe(false);
    expect(isoDate().parse('2026-02-28')).toBe('2026-02-28');
    expect(idParamSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(idParamSchema.safeParse({ id: 'abc' }).success).toBe(false);
    expect(idParamSchema.safeParse({ id: '0' }).success).toBe(false);
  });
});
