import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  BACKUP_COMANDO_RESTAURAR,
  BACKUPS_MANTIDOS,
  INATIVIDADE_MAX,
  INATIVIDADE_MIN,
  preferenciasUpdateSchema,
  type Preferencias,
  type PreferenciasInput,
  type Tema,
} from '@prumo/shared/configuracoes';
import { formatDateTime } from '@prumo/shared/dates';
import {
  baixarBackup,
  useBackups,
  useBaixarBackupAgora,
  usePreferencias,
  useSalvarPreferencias,
} from '../../../api/configuracoes';
import { PageLoader } from '../../../components/PageLoader';
import { notifyError, notifySuccess } from '../../../components/notify';
import { IntegerField, SelectField, SwitchField } from '../../../components/form/fields';
import { errorText } from '../../../lib/error-text';
import { formatFileSize } from '../../../lib/files';
import { SaveButton } from '../../../components/form/SaveButton';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { useTema } from '../../../components/tema';

/**
 * The company's preferences (PUT /api/configuracoes/preferencias): Notificações and Segurança
 * each edit their part of the one record, with its other fields as they are.
 */
function PreferenciasForm({ titulo, children }: { titulo: string; children: ReactNode }) {
  const { data: preferencias } = usePreferencias();
  if (!preferencias) return <PageLoader />;
  return (
    <Formulario key={JSON.stringify(preferencias)} preferencias={preferencias} titulo={titulo}>
      {children}
    </Formulario>
  );
}

function Formulario({
  preferencias,
  titulo,
  children,
}: {
  preferencias: Preferencias;
  titulo: string;
  children: ReactNode;
}) {
  const salvar = useSalvarPreferencias();
  const { tema: _, ...valores } = preferencias;
  const form = useForm<PreferenciasInput>({
    resolver: zodResolver(preferenciasUpdateSchema),
    defaultValues: valores,
  });
  const onValid = (dados: PreferenciasInput) =>
    saveWithFeedback(
      () => salvar.mutateAsync(dados),
      { success: 'Preferências salvas.', failure: 'Erro ao salvar as preferências.' },
      form.setError,
    );
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {titulo}
          </Title>
          <Stack>
            {children}
            <Group justify="flex-end">
              <SaveButton saving={form.formState.isSubmitting}>Salvar</SaveButton>
            </Group>
          </Stack>
        </Paper>
      </form>
    </FormProvider>
  );
}

/** Configurações → Notificações: the spec's three switches (section 2.14). */
export function NotificacoesTab() {
  return (
    <PreferenciasForm titulo="Notificações">
      <SwitchField name="notificacoes_email" label="Notificações por e-mail" />
      <SwitchField name="alertas_vencimento" label="Alertas de vencimento" />
      <SwitchField name="relatorios_automaticos" label="Relatórios automáticos" />
    </PreferenciasForm>
  );
}

/** Configurações → Segurança: automatic logout after idle minutes and mandatory two-factor. */
export function SegurancaTab() {
  return (
    <PreferenciasForm titulo="Segurança">
      <IntegerField
        name="inatividade_minutos"
        label="Logout automático após inatividade (minutos)"
        description="Sem uso por esse tempo, o navegador sai e o servidor encerra a sessão."
        min={INATIVIDADE_MIN}
        max={INATIVIDADE_MAX}
        w={{ base: '100%', sm: 360 }}
      />
      <Stack gap={4}>
        <SwitchField name="dois_fatores_obrigatorio" label="Exigir autenticação em dois fatores" />
        <Text size="xs" c="dimmed">
          Cada usuário configura o seu aplicativo autenticador em Perfil; quem ainda não configurou
          é levado até lá ao entrar.
        </Text>
      </Stack>
    </PreferenciasForm>
  );
}

const HORAS = Array.from({ length: 24 }, (_, hora) => ({
  value: hora,
  label: `${String(hora).padStart(2, '0')}:00`,
}));

/** The kept backups, each downloadable, and how to restore one. */
function BackupsGuardados() {
  const { data: backups } = useBackups();
  const agora = useBaixarBackupAgora();
  const [baixando, setBaixando] = useState<string | null>(null);
  const arquivos = backups?.arquivos ?? [];

  async function baixarAgora() {
    try {
      const arquivo = await agora.mutateAsync();
      notifySuccess(`Backup ${arquivo.nome} baixado.`);
    } catch (error) {
      console.error('Erro ao fazer o backup', error);
      notifyError(errorText('Erro ao fazer o backup.', error));
    }
  }

  async function baixar(nome: string) {
    setBaixando(nome);
    try {
      await baixarBackup(nome);
    } catch (error) {
      console.error('Erro ao baixar o backup', error);
      notifyError(errorText('Erro ao baixar o backup.', error));
    } finally {
      setBaixando(null);
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Backups guardados</Title>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={agora.isPending}
          onClick={() => void baixarAgora()}
        >
          Baixar backup agora
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Ficam os {BACKUPS_MANTIDOS} mais recentes, na pasta backups dentro da pasta de dados do
        servidor. Guarde uma cópia fora deste computador.
      </Text>
      {arquivos.length === 0 ? (
        <Text size="sm">Nenhum backup guardado ainda.</Text>
      ) : (
        <Table striped verticalSpacing="xs" data-testid="backups-guardados">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Arquivo</Table.Th>
              <Table.Th>Data</Table.Th>
              <Table.Th>Tamanho</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {arquivos.map((arquivo) => (
              <Table.Tr key={arquivo.nome}>
                <Table.Td>{arquivo.nome}</Table.Td>
                <Table.Td>{formatDateTime(arquivo.criado_em)}</Table.Td>
                <Table.Td>{formatFileSize(arquivo.tamanho)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={baixando === arquivo.nome}
                    onClick={() => void baixar(arquivo.nome)}
                    aria-label={`Baixar ${arquivo.nome}`}
                  >
                    Baixar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" fw={600} mt="md">
        Para restaurar um backup
      </Text>
      <Text size="sm">
        Pare o servidor e rode, na pasta do Prumo (o banco atual é guardado ao lado, não é apagado):
      </Text>
      <Code block mt={4}>
        {BACKUP_COMANDO_RESTAURAR}
      </Code>
    </Paper>
  );
}

/** The Sistema tab's backup part: the schedule and the files, or PostgreSQL's own backups. */
function BackupCard() {
  const { data: backups, isError } = useBackups();
  if (!backups) {
    return isError ? (
      <Alert color="red" title="Backup">
        Erro ao carregar os backups.
      </Alert>
    ) : (
      <PageLoader />
    );
  }
  if (backups.modo === 'postgresql') {
    return (
      <Alert variant="light" title="Backup">
        Com PostgreSQL, o backup é feito pelo próprio banco de dados (pg_dump ou o serviço de backup
        do provedor), não pelo Prumo.
      </Alert>
    );
  }
  return (
    <>
      <PreferenciasForm titulo="Backup">
        <Stack gap={4}>
          <SwitchField name="backup_automatico" label="Backup automático diário" />
          <Text size="xs" c="dimmed">
            Uma cópia do banco de dados por dia, no horário escolhido (se o servidor estiver
            desligado nesse horário, a cópia é feita quando ele for ligado).
          </Text>
        </Stack>
        <SelectField
          name="backup_hora"
          label="Horário do backup"
          options={HORAS}
          w={{ base: '100%', sm: 200 }}
        />
      </PreferenciasForm>
      <BackupsGuardados />
    </>
  );
}

/** Configurações → Sistema: the user's theme and the backups of the embedded database. */
export function SistemaTab() {
  const { tema, definir } = useTema();
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          Aparência
        </Title>
        <SegmentedControl
          data-testid="tema-sistema"
          value={tema}
          onChange={(valor) => definir(valor as Tema)}
          data={[
            { value: 'light', label: 'Claro' },
            { value: 'dark', label: 'Escuro' },
          ]}
        />
        <Text size="xs" c="dimmed" mt="xs">
          Vale para o seu usuário, em qualquer navegador.
        </Text>
      </Paper>
      <BackupCard />
    </Stack>
  );
}
