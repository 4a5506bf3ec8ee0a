import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { UF } from '@prumo/shared/brasil';
import type * as Municipios from '@prumo/shared/municipios';
import type { Municipio } from '@prumo/shared/municipios';
import { normalizeSearch } from '@prumo/shared/search';

type Tabela = typeof Municipios;

// IBGE's table (5,571 municipalities, 150 kB) loads the first time a picker opens, never with the
// app's main bundle; every picker after that shares it.
let tabela: Tabela | null = null;
let carregando: Promise<Tabela> | null = null;

function carregarTabela(): Promise<Tabela> {
  carregando ??= import('@prumo/shared/municipios').then((modulo) => (tabela = modulo));
  return carregando;
}

/** The IBGE table once loaded (null while it loads). */
export function useTabelaMunicipios(): Tabela | null {
  const [carregada, setCarregada] = useState(tabela);
  useEffect(() => {
    if (carregada) return;
    let vivo = true;
    void carregarTabela().then((modulo) => {
      if (vivo) setCarregada(modulo);
    });
    return () => {
      vivo = false;
    };
  }, [carregada]);
  return carregada;
}

/** Up to `limit` options: names starting with the text first, then names containing it. */
function filtroMunicipios(normalizados: Map<string, string>): OptionsFilter {
  return ({ options, search, limit }) => {
    const termo = normalizeSearch(search);
    if (!termo) return options.slice(0, limit);
    const comeca: typeof options = [];
    const contem: typeof options = [];
    for (const option of options) {
      const texto = normalizados.get((option as ComboboxItem).value) ?? '';
      if (texto.startsWith(termo)) comeca.push(option);
      else if (contem.length < limit && texto.includes(termo)) contem.push(option);
      if (comeca.length >= limit) break;
    }
    return [...comeca, ...contem].slice(0, limit);
  };
}

export type MunicipioSelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'filter' | 'searchable'
> & {
  /** The IBGE code. */
  value: number | null | undefined;
  onChange: (municipio: Municipio | null) => void;
  /** Only this UF's municipalities (their names alone); without it, every one as "Nome/UF". */
  uf?: UF | null;
};

/**
 * A município of IBGE's table, searched by name (accents and case ignored); its value is the
 * 7-digit code a fiscal note carries.
 */
export function MunicipioSelect({ value, onChange, uf, ...props }: MunicipioSelectProps) {
  const municipios = useTabelaMunicipios();
  const { data, normalizados } = useMemo(() => {
    if (!municipios) return { data: [], normalizados: new Map<string, string>() };
    const lista = uf ? municipios.municipiosDaUF(uf) : municipios.MUNICIPIOS;
    const opcoes = lista.map((municipio) => ({
      value: String(municipio.codigo),
      label: uf ? municipio.nome : `${municipio.nome}/${municipio.uf}`,
    }));
    return {
      data: opcoes,
      normalizados: new Map(opcoes.map((opcao) => [opcao.value, normalizeSearch(opcao.label)])),
    };
  }, [municipios, uf]);
  const filter = useMemo(() => filtroMunicipios(normalizados), [normalizados]);

  return (
    <Select
      searchable
      clearable
      limit={50}
      nothingFoundMessage="Nenhum município encontrado"
      placeholder={municipios ? 'Digite o nome do município' : 'Carregando municípios...'}
      {...props}
      data={data}
      filter={filter}
      value={value == null ? null : String(value)}
      onChange={(next) =>
        onChange(next && municipios ? (municipios.municipioPorCodigo(Number(next)) ?? null) : null)
      }
    />
  );
}
