import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import type { CampoFiltroProps } from './tipos';

export interface CampoNumero {
  param: string;
  label: string;
  /** The server's default, shown when the address has none. */
  padrao: number;
}

const lido = (texto: string | null, padrao: number) =>
  texto !== null && /^\d{1,4}$/.test(texto) ? Number(texto) : padrao;

/**
 * Whole numbers that go together (Curva ABC's limits, the aging's buckets, days without sales).
 * Typing asks the server once the keys stop, and only for values it accepts (`valido`), each
 * from `min` to `max` and, when `crescentes`, each above the one before.
 */
export function FiltroNumeros({
  valores,
  mudar,
  campos,
  min,
  max,
  crescentes = false,
  suffix,
  mensagem,
}: CampoFiltroProps & {
  campos: readonly CampoNumero[];
  min: number;
  max: number;
  crescentes?: boolean;
  suffix: string;
  /** The rule, shown while the values break it (the server's own message). */
  mensagem: string;
}) {
  const [numeros, setNumeros] = useState(() =>
    campos.map((c) => lido(valores.get(c.param), c.padrao)),
  );
  const valido = (lista: number[]) =>
    lista.every(
      (n, i) =>
        Number.isInteger(n) &&
        n >= min &&
        n <= max &&
        (!crescentes || i === 0 || n > lista[i - 1]!),
    );
  const aplicar = useDebouncedCallback((lista: number[]) => {
    if (valido(lista)) mudar(Object.fromEntries(campos.map((c, i) => [c.param, String(lista[i])])));
  }, 400);
  const erro = !valido(numeros);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {campos.map((campo, indice) => (
          <NumberInput
            key={campo.param}
            label={campo.label}
            w={110}
            min={min}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            suffix={suffix}
            value={numeros[indice]}
            onChange={(valor) => {
              const proximo = numeros.map((n, i) =>
                i === indice ? (typeof valor === 'number' ? valor : NaN) : n,
              );
              setNumeros(proximo);
              aplicar(proximo);
            }}
            error={erro}
          />
        ))}
      </Group>
      {erro && (
        <Text size="xs" c="red" maw={campos.length * 118}>
          {mensagem}
        </Text>
      )}
    </Stack>
  );
}
