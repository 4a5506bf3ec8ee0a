import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMailForward, IconSend } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formatDateTime } from '@prumo/shared/dates';
import {
  EMAIL_MAX_TENTATIVAS,
  EMAIL_MENSAGENS,
  PORTA_PADRAO_SMTP,
  SEGURANCA_SMTP_LABELS,
  SEGURANCAS_SMTP,
  SITUACAO_EMAIL_LABELS,
  type ConfiguracaoEmail,
  type Email,
  type SituacaoEmail,
} from '@prumo/shared/emails';
import {
  EMAILS_PAGE_SIZE,
  useConfiguracaoEmail,
  useEmails,
  useEnviarEmailTeste,
  useReenviarEmail,
  useSalvarConfiguracaoEmail,
  type EmailsFiltro,
} from '../../../api/emails';
import {
  IntegerField,
  PasswordField,
  SelectField,
  SwitchField,
  TextField,
} from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
import { emailParaEnvio, emailToFormValues, errosEmail, type EmailFormValues } from '../email-form';

export const EMAIL_TEXTOS = {
  erroCarregar: 'Erro ao carregar o servidor de e-mail.',
  erroSalvar: 'Erro ao salvar o servidor de e-mail.',
  erroLista: 'Erro ao carregar os e-mails.',
  erroReenviar: 'Erro ao enviar de novo',
  testar: 'Enviar e-mail de teste',
  salveAntes: 'Salve o servidor antes de testar.',
  reenviar: 'Enviar de novo',
  vazio: 'Nenhum e-mail por aqui.',
} as const;

const SEGURANCA_OPCOES = SEGURANCAS_SMTP.map((value) => ({
  value,
  label: SEGURANCA_SMTP_LABELS[value],
}));
const COR_SITUACAO: Record<SituacaoEmail, string> = {
  pendente: 'blue',
  enviado: 'green',
  falhou: 'red',
};
const FILTROS: Array<{ value: SituacaoEmail | 'todos'; label: string }> = [
  { value: 'todos', label: 'Todos' },
  { value: 'falhou', label: 'Não enviados' },
  { value: 'pendente', label: 'Na fila' },
  { value: 'enviado', label: 'Enviados' },
];

function Secao({
  titulo,
  descricao,
  children,
}: {
  titulo: string;
  descricao?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb={descricao ? 4 : 'sm'}>
        {titulo}
      </Title>
      {descricao && (
        <Text size="sm" c="dimmed" mb="sm">
          {descricao}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * Configurações → E-mail (issue 29, item 6): the company's mail server, a test e-mail, and the
 * outbox, where an e-mail not sent (also on the bell) is sent again once the server is fixed.
 */
export function EmailTab() {
  const configuracao = useConfiguracaoEmail();
  if (configuracao.isError) {
    return <Alert color="red">{errorText(EMAIL_TEXTOS.erroCarregar, configuracao.error)}</Alert>;
  }
  if (!configuracao.data) return <PageLoader />;
  return (
    <Stack>
      <ServidorForm configuracao={configuracao.data} />
      <Fila />
    </Stack>
  );
}

function ServidorForm({ configuracao }: { configuracao: ConfiguracaoEmail }) {
  const salvar = useSalvarConfiguracaoEmail();
  const form = useForm<EmailFormValues>({
    resolver: resolverDeErros(errosEmail),
    defaultValues: emailToFormValues(configuracao),
  });

  async function onValid(values: EmailFormValues) {
    try {
      const salva = await salvar.mutateAsync(emailParaEnvio(values));
      notifySuccess(EMAIL_MENSAGENS.salvo);
      form.reset(emailToFormValues(salva));
    } catch (error) {
      console.error(EMAIL_TEXTOS.erroSalvar, error);
      applyServerFieldErrors(error, form.setError);
      notifyError(errorText(EMAIL_TEXTOS.erroSalvar, error));
    }
  }

  /** A new kind of connection brings its usual port, unless another was typed. */
  function trocarSeguranca(seguranca: EmailFormValues['seguranca']) {
    const anterior = form.getValues('seguranca');
    if (form.getValues('porta') === PORTA_PADRAO_SMTP[anterior]) {
      form.setValue('porta', PORTA_PADRAO_SMTP[seguranca], { shouldDirty: true });
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate data-testid="email-form">
        <Stack>
          <Secao
            titulo="Servidor de saída (SMTP)"
            descricao="O servidor do seu provedor de e-mail. Orçamentos, ordens de serviço e notas fiscais saem por ele."
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextField
                name="host"
                label="Servidor"
                placeholder="smtp.empresa.com.br"
                required
                maxLength={253}
              />
              <SelectField
                name="seguranca"
                label="Segurança"
                options={SEGURANCA_OPCOES}
                required
                onOptionSubmit={(value) => trocarSeguranca(value as EmailFormValues['seguranca'])}
              />
              <IntegerField name="porta" label="Porta" min={1} max={65535} required />
              <TextField
                name="usuario"
                label="Usuário"
                placeholder="contato@empresa.com.br"
                maxLength={255}
              />
              <PasswordField
                name="senha"
                label="Senha"
                maxLength={255}
                placeholder={configuracao.senha_definida ? 'definida' : undefined}
                description={
                  configuracao.senha_definida
                    ? 'Definida. Deixe em branco para manter.'
                    : 'Guardada cifrada; nunca é mostrada.'
                }
              />
            </SimpleGrid>
          </Secao>
          <Secao titulo="Remetente" descricao="Como os clientes veem quem enviou.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField name="remetente_nome" label="Nome" required maxLength={120} />
              <TextField
                name="remetente_email"
                label="E-mail"
                type="email"
                required
                maxLength={254}
              />
            </SimpleGrid>
            <Stack gap={4} mt="md">
              <SwitchField
                name="enviar_nota_automaticamente"
                label="Enviar a nota fiscal autorizada ao cliente por e-mail"
              />
              <Text size="xs" c="dimmed">
                O XML e o DANFE vão para o e-mail do cadastro do cliente, quando houver.
              </Text>
            </Stack>
          </Secao>
          <Group justify="flex-end">
            <SaveButton saving={form.formState.isSubmitting}>Salvar</SaveButton>
          </Group>
          <Teste
            configurado={configuracao.configurado}
            alterado={form.formState.isDirty}
            remetente={configuracao.remetente_email}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** "Enviar e-mail de teste": sent at once with the saved server; its answer stays on screen. */
function Teste({
  configurado,
  alterado,
  remetente,
}: {
  configurado: boolean;
  alterado: boolean;
  remetente: string;
}) {
  const enviar = useEnviarEmailTeste();
  const [para, setPara] = useState(remetente);
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string } | null>(null);

  async function testar() {
    setResultado(null);
    try {
      const { mensagem } = await enviar.mutateAsync(para.trim());
      setResultado({ ok: true, texto: mensagem });
    } catch (error) {
      setResultado({
        ok: false,
        texto: errorText('Não foi possível enviar o e-mail de teste', error),
      });
    }
  }

  const bloqueado = !configurado || alterado;
  return (
    <Secao titulo="Teste" descricao="Envia agora uma mensagem com o servidor salvo.">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Enviar para"
          type="email"
          autoComplete="off"
          maxLength={254}
          w={320}
          value={para}
          onChange={(event) => setPara(event.currentTarget.value)}
        />
        <Button
          variant="default"
          leftSection={<IconSend size={16} />}
          loading={enviar.isPending}
          disabled={bloqueado || !para.trim()}
          onClick={() => void testar()}
        >
          {EMAIL_TEXTOS.testar}
        </Button>
      </Group>
      {bloqueado && (
        <Text size="xs" c="dimmed" mt={4}>
          {EMAIL_TEXTOS.salveAntes}
        </Text>
      )}
      {resultado && (
        <Alert mt="sm" color={resultado.ok ? 'green' : 'red'} data-testid="email-teste-resultado">
          {resultado.texto}
        </Alert>
      )}
    </Secao>
  );
}

/** The outbox: newest first, by situação; an e-mail not sent can be sent again. */
function Fila() {
  const [filtro, setFiltro] = useState<EmailsFiltro>({ situacao: undefined });
  const [page, setPage] = useState(1);
  const emails = useEmails(filtro, page);
  const reenviar = useReenviarEmail();

  async function enviarDeNovo(email: Email) {
    try {
      await reenviar.mutateAsync(email.id);
      notifySuccess(EMAIL_MENSAGENS.reenfileirado);
    } catch (error) {
      console.error(EMAIL_TEXTOS.erroReenviar, error);
      notifyError(errorText(EMAIL_TEXTOS.erroReenviar, error));
    }
  }

  const columns: DataTableColumn<Email>[] = [
    { accessor: 'created_at', title: 'Data', render: (email) => formatDateTime(email.created_at) },
    { accessor: 'para', title: 'Para' },
    {
      accessor: 'assunto',
      title: 'Assunto',
      render: (email) => (
        <>
          <Text size="sm">{email.assunto}</Text>
          {email.anexos.length > 0 && (
            <Text size="xs" c="dimmed">
              {email.anexos.join(', ')}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      render: (email) => (
        <Stack gap={2}>
          <Badge color={COR_SITUACAO[email.situacao]} variant="light">
            {SITUACAO_EMAIL_LABELS[email.situacao]}
          </Badge>
          {email.ultimo_erro && (
            <Text size="xs" c="red" data-testid={`email-erro-${email.id}`}>
              {email.ultimo_erro}
              {email.situacao === 'pendente' &&
                ` (tentativa ${email.tentativas} de ${EMAIL_MAX_TENTATIVAS})`}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'acoes',
      title: '',
      textAlign: 'right',
      render: (email) =>
        email.situacao === 'falhou' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            loading={reenviar.isPending && reenviar.variables === email.id}
            onClick={() => void enviarDeNovo(email)}
          >
            {EMAIL_TEXTOS.reenviar}
          </Button>
        ),
    },
  ];

  return (
    <Secao
      titulo="E-mails enviados"
      descricao="O que saiu, o que está na fila e o que não foi enviado."
    >
      <SegmentedControl
        mb="sm"
        data={FILTROS}
        value={filtro.situacao ?? 'todos'}
        onChange={(value) => {
          setFiltro({ situacao: value === 'todos' ? undefined : (value as SituacaoEmail) });
          setPage(1);
        }}
      />
      <PagedListTable
        data-testid="emails-lista"
        query={emails}
        loadErrorMessage={EMAIL_TEXTOS.erroLista}
        columns={columns}
        page={page}
        pageSize={EMAILS_PAGE_SIZE}
        onPageChange={setPage}
        emptyState={<Text c="dimmed">{EMAIL_TEXTOS.vazio}</Text>}
      />
    </Secao>
  );
}
