import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { VENDA_MESSAGES } from '@prumo/shared/vendas';
import { useBuscaCadastros } from '../../../api/cadastros';

/** Customers a search shows at most: a shop with 10,000 customers never loads them all. */
const CLIENTES_VISIVEIS = 20;

export interface ClienteEscolhido {
  id: number;
  nome: string;
}

/**
 * The sale's customer: a searchable select that asks the server (GET /api/cadastros?tipo=cliente
 * &q=&limit=) as one types, accents and case ignored, and shows the first CLIENTES_VISIVEIS.
 */
export function ClienteSelect({
  value,
  onChange,
  error,
  required,
}: {
  value: ClienteEscolhido | null;
  onChange: (cliente: ClienteEscolhido | null) => void;
  error?: string;
  required?: boolean;
}) {
  const [busca, setBusca] = useState(value?.nome ?? '');
  const [debounced] = useDebouncedValue(busca.trim(), 250);
  // The chosen customer's own name in the box lists everyone, not just that one.
  const q = value && debounced === value.nome ? '' : debounced;
  const clientes = useBuscaCadastros('cliente', q, CLIENTES_VISIVEIS);
  const data = useMemo(() => {
    const opcoes = (clientes.data?.items ?? []).map((cliente) => ({
      value: String(cliente.id),
      label: cliente.nome,
    }));
    if (value && !opcoes.some((opcao) => opcao.value === String(value.id))) {
      opcoes.unshift({ value: String(value.id), label: value.nome });
    }
    return opcoes;
  }, [clientes.data, value]);

  return (
    <Select
      label="Cliente"
      placeholder="Pesquise o cliente pelo nome"
      withAsterisk={required}
      searchable
      clearable
      data={data}
      // The server already filtered by the text.
      filter={({ options }) => options}
      searchValue={busca}
      onSearchChange={setBusca}
      nothingFoundMessage={
        clientes.isFetching ? 'Buscando clientes...' : VENDA_MESSAGES.clienteNaoEncontrado
      }
      rightSection={clientes.isFetching ? <Loader size={14} /> : undefined}
      value={value ? String(value.id) : null}
      onChange={(next, option) =>
        onChange(next === null || !option ? null : { id: Number(next), nome: option.label })
      }
      error={error}
      data-testid="venda-cliente"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
