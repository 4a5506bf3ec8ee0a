import { Button, Group, Paper, Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError } from '../../../components/notify';
import { firstErrorMessage, firstErrorTab, type ProdutoFormValues } from '../produto-form';

export interface ProdutoTab {
  value: string;
  label: string;
}

/**
 * The open tab of a product form and what both forms do with errors: open the tab of the first
 * field in error (ours or the server's) and say its message.
 */
export function useProdutoFormTabs(
  tabs: readonly ProdutoTab[],
  fieldTabs: Parameters<typeof firstErrorTab>[1],
) {
  const [tab, setTab] = useState<string>(tabs[0]!.value);
  const order = tabs.map((item) => item.value);
  function showTabOf(fields: Iterable<string>) {
    const errorTab = firstErrorTab(fields, fieldTabs, order);
    if (errorTab) setTab(errorTab);
  }
  function onInvalid(errors: FieldErrors<ProdutoFormValues>) {
    showTabOf(Object.keys(errors));
    const first = firstErrorMessage(errors, fieldTabs, order);
    if (first) notifyError(first);
  }
  return { tab, setTab, showTabOf, onInvalid };
}

/** The tabs card of a product form (its panels are the children), then Cancelar and save. */
export function ProdutoFormShell({
  tabs,
  tab,
  onTabChange,
  top,
  saving,
  submitLabel,
  children,
}: {
  tabs: readonly ProdutoTab[];
  tab: string;
  onTabChange: (tab: string) => void;
  /** Shown above the tabs (the product being edited). */
  top?: ReactNode;
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <Paper withBorder radius="md" p="md">
        {top}
        <Tabs value={tab} onChange={(value) => onTabChange(value ?? tabs[0]!.value)}>
          <Tabs.List mb="lg">
            {tabs.map(({ value, label }) => (
              <Tabs.Tab key={value} value={value}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {children}
        </Tabs>
      </Paper>
      <Group justify="flex-end" mt="md">
        <Button component={Link} to="/produtos" variant="default">
          Cancelar
        </Button>
        <SaveButton saving={saving}>{submitLabel}</SaveButton>
      </Group>
    </>
  );
}
