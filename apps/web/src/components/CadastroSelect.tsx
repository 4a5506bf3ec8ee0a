import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { TipoCadastro } from '@prumo/shared/cadastros';
import { useBuscaCadastros } from '../api/cadastros';

/** Records a search shows at most: a shop with 10,000 customers never loads them all. */
const VISIVEIS = 20;

export interface CadastroEscolhido {
  id: number;
  nome: string;
}

const BUSCANDO: Record<TipoCadastro, string> = {
  cliente: 'Buscando clientes...',
  fornecedor: 'Buscando fornecedores...',
  funcionario: 'Buscando funcionários...',
  transportadora: 'Buscando transportadoras...',
};

/**
 * A customer, employee, supplier or carrier picked from the registry: a searchable select that
 * asks the server (GET /api/cadastros?tipo=&q=&limit=) as one types, accents and case ignored,
 * and shows the first VISIVEIS.
 */
export function CadastroSelect({
  tipo,
  label,
  placeholder,
  nothingFound,
  value,
  onChange,
  error,
  required,
  disabled,
  withinPortal = true,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  tipo: TipoCadastro;
  label?: string;
  placeholder: string;
  /** What an empty search says ("Cliente não encontrado."). */
  nothingFound: string;
  value: CadastroEscolhido | null;
  onChange: (cadastro: CadastroEscolhido | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** False inside a popover (the Filtros panel), so choosing does not close it. */
  withinPortal?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const [busca, setBusca] = useState(value?.nome ?? '');
  const [debounced] = useDebouncedValue(busca.trim(), 250);
  // The chosen record's own name in the box lists everyone, not just that one.
  const q = value && debounced === value.nome ? '' : debounced;
  const cadastros = useBuscaCadastros(tipo, q, VISIVEIS);
  const data = useMemo(() => {
    const opcoes = (cadastros.data?.items ?? []).map((cadastro) => ({
      value: String(cadastro.id),
      label: cadastro.nome,
    }));
    if (value && !opcoes.some((opcao) => opcao.value === String(value.id))) {
      opcoes.unshift({ value: String(value.id), label: value.nome });
    }
    return opcoes;
  }, [cadastros.data, value]);

  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      placeholder={placeholder}
      withAsterisk={required}
      disabled={disabled}
      searchable
      clearable
      data={data}
      // The server already filtered by the text.
      filter={({ options }) => options}
      searchValue={busca}
      onSearchChange={setBusca}
      nothingFoundMessage={cadastros.isFetching ? BUSCANDO[tipo] : nothingFound}
      rightSection={cadastros.isFetching ? <Loader size={14} /> : undefined}
      value={value ? String(value.id) : null}
      onChange={(next, option) =>
        onChange(next === null || !option ? null : { id: Number(next), nome: option.label })
      }
      error={error}
      data-testid={testId}
      comboboxProps={{ withinPortal }}
    />
  );
}
