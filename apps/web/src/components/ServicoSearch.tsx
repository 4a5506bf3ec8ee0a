import { Group, Select, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { normalizeSearch } from '@prumo/shared/search';
import type { ServicoListItem } from '@prumo/shared/servicos';
import { useServicos } from '../api/servicos';

/**
 * Adds a service line (an order's labour, a quote's services): the active services of the catalogue (a small list, loaded whole and
 * searched here by name or category, accents ignored), each with its price; choosing one adds
 * it and clears the box for the next.
 */
export function ServicoSearch({
  onSelect,
  'data-testid': testId,
}: {
  onSelect: (servico: ServicoListItem) => void;
  'data-testid'?: string;
}) {
  const servicos = useServicos();
  const [busca, setBusca] = useState('');
  const ativos = useMemo(
    () => (servicos.data ?? []).filter((servico) => servico.ativo),
    [servicos.data],
  );
  const porId = useMemo(
    () => new Map(ativos.map((servico) => [String(servico.id), servico])),
    [ativos],
  );
  const data = useMemo(
    () => ativos.map((servico) => ({ value: String(servico.id), label: servico.nome })),
    [ativos],
  );

  return (
    <Select
      label="Adicionar serviço"
      placeholder="Pesquise pelo nome ou categoria do serviço"
      leftSection={<IconSearch size={16} />}
      searchable
      data={data}
      value={null}
      searchValue={busca}
      onSearchChange={setBusca}
      limit={50}
      maxDropdownHeight={260}
      nothingFoundMessage={
        servicos.isPending ? 'Carregando serviços...' : 'Nenhum serviço encontrado'
      }
      filter={({ options, search }) => {
        const termo = normalizeSearch(search);
        return options.filter((option) => {
          const servico = 'value' in option ? porId.get(option.value) : undefined;
          return (
            !servico || normalizeSearch(`${servico.nome} ${servico.categoria}`).includes(termo)
          );
        });
      }}
      renderOption={({ option }) => {
        const servico = porId.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {option.label}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {servico?.categoria}
              </Text>
            </div>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {servico ? formatMoney(servico.preco) : ''}
            </Text>
          </Group>
        );
      }}
      onChange={(id) => {
        const servico = id ? porId.get(id) : undefined;
        if (servico) onSelect(servico);
        setBusca('');
      }}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
