import { Badge, Button, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The "Filtros" button of a list: a badge with how many filters are on, and a panel with the
 * screen's own filters and "Limpar filtros".
 */
export function FiltersPopover({
  active,
  onClear,
  disabled,
  children,
}: {
  active: number;
  onClear: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Popover width={300} position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          disabled={disabled}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle data-testid="filtros-ativos">
                {active}
              </Badge>
            ) : undefined
          }
        >
          Filtros
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {children}
          {active > 0 ? (
            <Button variant="subtle" size="xs" onClick={onClear}>
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
