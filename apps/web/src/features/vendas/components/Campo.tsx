import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of a read-only view: the label small and dimmed, the value below it. */
export function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}
