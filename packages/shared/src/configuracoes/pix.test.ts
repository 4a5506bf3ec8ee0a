import { describe, expect, it } from 'vitest';
import { crc16Pix, normalizePixChave, pixPayload, textoPix } from './pix';

/** The static example of the Banco Central's Manual de Padrões para Iniciação do Pix. */
const EXEMPLO_MANUAL =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** The dynamic example of the Banco Central's Manual do BR Code (amount 123,45, CRC 45C8). */
const EXEMPLO_DINAMICO_MANUAL =
  '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd441' +
  '5204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';

describe('CRC16 do BR Code', () => {
  it('is CRC16-CCITT-FALSE: the standard check value of "123456789" is 29B1', () => {
    expect(crc16Pix('123456789')).toBe('29B1');
  });

  it("matches the CRCs of the Banco Central's published examples", () => {
    for (const exemplo of [EXEMPLO_MANUAL, EXEMPLO_DINAMICO_MANUAL]) {
      expect(crc16Pix(exemplo.slice(0, -4))).toBe(exemplo.slice(-4));
    }
  });
});

describe('pixPayload', () => {
  it("reproduces the manual's static example byte for byte", () => {
    expect(
      pixPayload({
        chave: '123e4567-e12b-12d1-a456-426655440000',
        nome: 'Fulano de Tal',
        cidade: 'BRASILIA',
      }),
    ).toBe(EXEMPLO_MANUAL);
  });

  it('carries the exact amount with two decimals and a txid, and a CRC over all of it', () => {
    const payload = pixPayload({
      chave: 'loja@exemplo.com.br',
      nome: 'Padaria São João',
      cidade: 'São Paulo',
      valor: 123.4,
      txid: 'VENDA-000123',
    });
    expect(payload).toContain('26410014br.gov.bcb.pix0119loja@exemplo.com.br');
    expect(payload).toContain('5406123.40');
    expect(payload).toContain('5916Padaria Sao Joao6009Sao Paulo');
    expect(payload).toContain('62150511VENDA000123');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16Pix(payload.slice(0, -4)));
  });

  it('cuts the name to 25 and the city to 15 characters, without accents', () => {
    expect(textoPix('Comércio de Ferragens Irmãos Oliveira', 25)).toBe('Comercio de Ferragens Irm');
    expect(textoPix('São José dos Campos', 15)).toBe('Sao Jose dos Ca');
  });
});

describe('normalizePixChave', () => {
  it('accepts each type of key in the form the directory keeps', () => {
    expect(normalizePixChave('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixChave('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixChave('email', 'Loja@Exemplo.com.br')).toBe('loja@exemplo.com.br');
    expect(normalizePixChave('telefone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixChave('telefone', '+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalizePixChave('aleatoria', '123E4567-E12B-12D1-A456-426655440000')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    );
  });

  it('rejects keys that are not of their type', () => {
    expect(normalizePixChave('cpf', '123.456.789-00')).toBeNull();
    expect(normalizePixChave('cnpj', '11.222.333/0001-80')).toBeNull();
    expect(normalizePixChave('email', 'loja@')).toBeNull();
    expect(normalizePixChave('telefone', '98765-4321')).toBeNull();
    expect(normalizePixChave('aleatoria', 'não é uma chave')).toBeNull();
  });
});
