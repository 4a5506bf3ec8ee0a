import { Button, Group, Paper, Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { notifyError } from '../notify';
import { SaveButton } from './SaveButton';

export interface FormTab {
  value: string;
  label: string;
}

/** The tab of the first field (in tab order) that has an error. */
export function firstErrorTab(
  fields: Iterable<string>,
  tabs: Record<string, string>,
  order: readonly string[],
): string | undefined {
  const withErrors = new Set(fields);
  for (const tab of order) {
    for (const [field, fieldTab] of Object.entries(tabs)) {
      if (fieldTab === tab && withErrors.has(field)) return tab;
    }
  }
  return undefined;
}

/** The message of the first invalid field, in tab order (what the form announces on submit). */
export function firstErrorMessage(
  errors: Record<string, { message?: unknown } | undefined>,
  tabs: Record<string, string>,
  order: readonly string[],
): string | undefined {
  const message = order
    .flatMap((tab) =>
      Object.entries(errors)
        .filter(([field]) => tabs[field] === tab)
        .map(([, error]) => error?.message),
    )
    .find(Boolean);
  return message ? String(message) : undefined;
}

/**
 * The open tab of a tabbed form and what it does with errors: open the tab of the first field
 * in error (ours or the server's) and say its message. `fieldTabs` maps each field to its tab.
 */
export function useFormTabs(tabs: readonly FormTab[], fieldTabs: Record<string, string>) {
  const [tab, setTab] = useState<string>(tabs[0]!.value);
  const order = tabs.map((item) => item.value);
  function showTabOf(fields: Iterable<string>) {
    const errorTab = firstErrorTab(fields, fieldTabs, order);
    if (errorTab) setTab(errorTab);
  }
  function onInvalid(errors: FieldErrors<FieldValues>) {
    showTabOf(Object.keys(errors));
    const first = firstErrorMessage(errors, fieldTabs, order);
    if (first) notifyError(first);
  }
  return { tab, setTab, showTabOf, onInvalid };
}

/** The tabs card of a form (its panels are the children), then Cancelar and save. */
export function TabbedFormShell({
  tabs,
  tab,
  onTabChange,
  top,
  saving,
  submitLabel,
  cancelTo,
  children,
}: {
  tabs: readonly FormTab[];
  tab: string;
  onTabChange: (tab: string) => void;
  /** Shown above the tabs (the record being edited). */
  top?: ReactNode;
  saving: boolean;
  submitLabel: string;
  /** Where Cancelar goes (the list). */
  cancelTo: string;
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
        <Button component={Link} to={cancelTo} variant="default">
          Cancelar
        </Button>
        <SaveButton saving={saving}>{submitLabel}</SaveButton>
      </Group>
    </>
  );
}
