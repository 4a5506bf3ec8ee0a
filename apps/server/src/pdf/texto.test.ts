import { describe, expect, it } from 'vitest';
import { cortar, criarLimpador, quebrar } from './texto';

// Windows-1252's printable characters, as the standard fonts encode them.
const WIN_ANSI = new Set([
  ...Array.from({ length: 95 }, (_, i) => 32 + i),
  ...Array.from({ length: 96 }, (_, i) => 160 + i),
  ...[0x20ac, 0x2026, 0x2014, 0x2013, 0x201c, 0x201d, 0x2018, 0x2019, 0x2022, 0x160, 0x17d],
]);
const limpar = criarLimpador(WIN_ANSI);
/** One point per character. */
const medir = (texto: string) => texto.length;

describe('criarLimpador', () => {
  it('keeps what the font prints and replaces the rest, one "?" per grapheme', () => {
    expect(limpar('Pão de Açúcar — 10% … “ok”')).toBe('Pão de Açúcar — 10% … “ok”');
    expect(limpar('Bolo 🎂 ok 👍🏽 família 👨‍👩‍👧')).toBe('Bolo ? ok ? família ?');
    expect(limpar('abc\u202Edef\u202C')).toBe('abcdef');
    expect(limpar('zero\u200Bwidth\uFE0F')).toBe('zerowidth');
    expect(limpar('e\u0301 ő ﬁ Ｆ')).toBe('é o fi F');
    expect(limpar('中文 Łódź')).toBe('?? ?ódz');
    expect(limpar('a\tb\u0000c\u2003d')).toBe('a b c d');
  });
});

describe('quebrar and cortar', () => {
  it('wraps words to the width and splits a word longer than a line', () => {
    expect(quebrar('um dois três quatro', 9, medir)).toEqual(['um dois', 'três', 'quatro']);
    expect(quebrar('ABCDEFGHIJKLMNOPQRST', 8, medir)).toEqual(['ABCDEFGH', 'IJKLMNOP', 'QRST']);
    expect(quebrar('', 8, medir)).toEqual(['']);
  });

  it('cuts the last allowed line with an ellipsis', () => {
    expect(quebrar('um dois três quatro cinco', 9, medir, { maxLinhas: 2 })).toEqual([
      'um dois',
      'três qua…',
    ]);
    expect(cortar('Arroz Branco Tipo 1', 10, medir)).toBe('Arroz Bra…');
    expect(cortar('Arroz', 10, medir)).toBe('Arroz');
  });

  it('gives the first line its own width (hanging indent)', () => {
    expect(quebrar('aaa bbb ccc ddd', 7, medir, { primeira: 11 })).toEqual(['aaa bbb ccc', 'ddd']);
  });
});
