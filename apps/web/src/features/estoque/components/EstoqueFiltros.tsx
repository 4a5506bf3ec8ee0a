import { Badge, Button, Checkbox, Popover, Radio, Select, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import {
  contarFiltros,
  FILTROS_ESTOQUE_VAZIOS,
  type FiltrosEstoque,
  type SituacaoEstoque,
} from '../estoque-view';

const SITUACOES: Array<{ value: SituacaoEstoque; label: string }> = [
  { value: 'todos', label: 'Todos os produtos' },
  { value: 'baixo', label: 'Estoque baixo (no mínimo ou abaixo)' },
  { value: 'zerado', label: 'Sem estoque (zerado)' },
];

/** The Filtros button: low stock, zero stock, product group, and products without control. */
export function EstoqueFiltros({
  filtros,
  onChange,
  categorias,
}: {
  filtros: FiltrosEstoque;
  onChange: (filtros: FiltrosEstoque) => void;
  categorias: Array<{ value: string; label: string }>;
}) {
  const ativos = contarFiltros(filtros);
  return (
    <Popover width={300} position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            ativos > 0 ? (
              <Badge size="sm" circle data-testid="filtros-ativos">
                {ativos}
              </Badge>
            ) : undefined
          }
        >
          Filtros
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Radio.Group
            label="Situação do estoque"
            value={filtros.situacao}
            onChange={(value) => onChange({ ...filtros, situacao: value as SituacaoEstoque })}
          >
            <Stack gap={6} mt={6}>
              {SITUACOES.map((situacao) => (
                <Radio key={situacao.value} value={situacao.value} label={situacao.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Select
            label="Grupo"
            placeholder="Todos os grupos"
            clearable
            searchable
            nothingFoundMessage="Nenhum grupo encontrado"
            comboboxProps={{ withinPortal: false }}
            data={categorias}
            value={filtros.categoria == null ? null : String(filtros.categoria)}
            onChange={(value) => onChange({ ...filtros, categoria: value ? Number(value) : null })}
          />
          <Checkbox
            label="Incluir produtos que não movimentam estoque"
            checked={filtros.incluirSemControle}
            onChange={(event) =>
              onChange({ ...filtros, incluirSemControle: event.currentTarget.checked })
            }
          />
          {ativos > 0 ? (
            <Button variant="subtle" size="xs" onClick={() => onChange(FILTROS_ESTOQUE_VAZIOS)}>
              Limpar filtros
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Nenhum filtro aplicado.
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
