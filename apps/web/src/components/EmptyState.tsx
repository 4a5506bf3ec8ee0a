import { Box, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What an empty list shows: a title, a hint and usually an add button. */
export function EmptyState({
  title,
  hint,
  action,
}: {
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py={48} ta="center" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconInbox size={30} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed" maw={420}>
          {hint}
        </Text>
      )}
      {/* mantine-datatable lays its empty state over the table with pointer-events: none. */}
      {action && <Box style={{ pointerEvents: 'auto' }}>{action}</Box>}
    </Stack>
  );
}
