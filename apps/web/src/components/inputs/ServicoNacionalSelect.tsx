import { Select, Stack, Text, type OptionsFilter, type SelectProps } from '@mantine/core';
import { forwardRef, useEffect, useMemo, useState } from 'react';
import type * as ServicosNacionais from '@prumo/shared/servicos-nacionais';

type Lista = typeof ServicosNacionais;

// The national service list (335 codes, 35 kB) loads the first time a picker opens, never with
// the app's main bundle; every picker after that shares it.
let lista: Lista | null = null;
let carregando: Promise<Lista> | null = null;

function carregarLista(): Promise<Lista> {
  carregando ??= import('@prumo/shared/servicos-nacionais').then((modulo) => (lista = modulo));
  return carregando;
}

/** The national service list once loaded (null while it loads). */
export function useListaServicosNacionais(): Lista | null {
  const [carregada, setCarregada] = useState(lista);
  useEffect(() => {
    if (carregada) return;
    let vivo = true;
    void carregarLista().then((modulo) => {
      if (vivo) setCarregada(modulo);
    });
    return () => {
      vivo = false;
    };
  }, [carregada]);
  return carregada;
}

export type ServicoNacionalSelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'filter' | 'searchable'
> & {
  /** cTribNac, 6 digits. */
  value: string | null | undefined;
  onChange: (codigo: string | null) => void;
};

/**
 * A code of the NFS-e's national service list (cTribNac), searched by code with or without dots
 * ("14.01", "140101") or by words of its description, accents and case ignored.
 */
export const ServicoNacionalSelect = forwardRef<HTMLInputElement, ServicoNacionalSelectProps>(
  function ServicoNacionalSelect({ value, onChange, ...props }, ref) {
    const tabela = useListaServicosNacionais();
    const data = useMemo(
      () =>
        (tabela?.SERVICOS_NACIONAIS ?? []).map((servico) => ({
          value: servico.codigo,
          label: `${servico.codigoFormatado} — ${servico.descricao}`,
        })),
      [tabela],
    );
    const filter = useMemo<OptionsFilter>(
      () =>
        ({ options, search, limit }) => {
          if (!tabela) return [];
          const porCodigo = new Map(
            options.map((option) => [(option as { value: string }).value, option]),
          );
          return tabela
            .buscarServicosNacionais(search, limit)
            .map((servico) => porCodigo.get(servico.codigo))
            .filter((option) => option !== undefined);
        },
      [tabela],
    );
    return (
      <Select
        searchable
        clearable
        limit={50}
        maxDropdownHeight={320}
        nothingFoundMessage="Nenhum serviço da lista nacional encontrado"
        placeholder={
          tabela ? 'Digite o código (14.01.01) ou palavras da descrição' : 'Carregando a lista...'
        }
        renderOption={({ option }) => {
          const servico = tabela?.servicoNacionalPorCodigo(option.value);
          return (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {servico?.codigoFormatado ?? option.value}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={3}>
                {servico?.descricao}
              </Text>
            </Stack>
          );
        }}
        {...props}
        ref={ref}
        data={data}
        filter={filter}
        value={value || null}
        onChange={(next) => onChange(next ?? null)}
      />
    );
  },
);
