import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CADASTRO_TEXTOS, MAX_CONTATOS } from '@prumo/shared/cadastros';
import type { ContatoFormValues } from '../form-values';
import { TelefoneField, TextField } from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormSection';

/** The Contatos section: a list of people (name, e-mail, phone, role) saved with the record. */
export function ContatosSection() {
  const { control, getFieldState, formState } = useFormContext<{ contatos: ContatoFormValues[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'contatos' });
  const listError = getFieldState('contatos', formState).error?.message;

  return (
    <FormSection
      title="Contatos"
      description="Pessoas com quem falar: nome, e-mail, telefone e cargo."
    >
      <Stack gap="sm" data-testid="contatos">
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {CADASTRO_TEXTOS.contatosVazio}
          </Text>
        )}
        {fields.map((contato, index) => (
          <Paper key={contato.id} withBorder radius="sm" p="sm" data-testid="contato">
            <Group justify="space-between" mb="xs">
              <Text size="sm" fw={600}>
                Contato {index + 1}
              </Text>
              <Tooltip label="Remover contato">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remover contato ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              <TextField name={`contatos.${index}.nome`} label="Nome do contato" required />
              <TextField name={`contatos.${index}.email`} label="E-mail do contato" type="email" />
              <TelefoneField name={`contatos.${index}.telefone`} label="Telefone do contato" />
              <TextField name={`contatos.${index}.cargo`} label="Cargo" />
            </SimpleGrid>
          </Paper>
        ))}
        {listError && (
          <Text size="sm" c="red">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={fields.length >= MAX_CONTATOS}
            onClick={() => append({ nome: '', email: '', telefone: '', cargo: '' })}
          >
            Adicionar contato
          </Button>
        </Group>
      </Stack>
    </FormSection>
  );
}
