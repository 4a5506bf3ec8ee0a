import { describe, expect, it } from 'vitest';
import { isUF, UF_SIGLAS, UFS } from './ufs';

describe('UFs', () => {
  it('lists the 27 federative units once each', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UF_SIGLAS).size).toBe(27);
    expect(UF_SIGLAS).toContain('DF');
  });

  it('recognises only real UF codes', () => {
    expect(isUF('SP')).toBe(true);
    expect(isUF('sp')).toBe(false);
    expect(isUF('XX')).toBe(false);
  });
});
