import { Button, Group, Modal, Stack, Textarea, TextInput, type ButtonProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { EMAIL_MENSAGENS, enviarPorEmailSchema } from '@prumo/shared/emails';
import { useCadastro } from '../api/cadastros';
import { useEnviarPorEmail } from '../api/emails';
import { ApiError } from '../lib/api-client';
import { errorText } from '../lib/error-text';
import { errosDoSchema } from '../lib/form-errors';
import { useChavePorCorpo } from '../lib/idempotency';
import { notifyError, notifySuccess } from './notify';

export const ENVIAR_EMAIL_TEXTOS = {
  botao: 'Enviar por e-mail',
  titulo: 'Enviar por e-mail',
  para: 'Para',
  paraCliente: 'Em branco: o e-mail do cadastro do cliente.',
  mensagem: 'Mensagem (opcional)',
  mensagemDescricao: 'Vai acima do texto padrão, com o documento em anexo.',
  enviar: 'Enviar',
  erro: 'Erro ao enviar por e-mail',
} as const;

interface EnviarEmailProps {
  /** The document's API path: "/orcamentos/12", "/ordens-servico/3", "/notas-fiscais/7". */
  caminho: string;
  /** The customer, whose e-mail fills "Para"; without one the server uses the document's. */
  clienteId?: number | null;
}

function EnviarEmailForm({
  caminho,
  paraInicial,
  onClose,
}: {
  caminho: string;
  paraInicial: string;
  onClose: () => void;
}) {
  const enviar = useEnviarPorEmail();
  const chaveDe = useChavePorCorpo();
  const [para, setPara] = useState(paraInicial);
  const [mensagem, setMensagem] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const dados = { para: para.trim() || null, mensagem: mensagem.trim() || null };
    const encontrados = errosDoSchema(enviarPorEmailSchema, dados);
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0) return;
    try {
      const email = await enviar.mutateAsync({ caminho, dados, idempotencyKey: chaveDe(dados) });
      notifySuccess(EMAIL_MENSAGENS.enfileirado(email.para));
      onClose();
    } catch (error) {
      console.error(ENVIAR_EMAIL_TEXTOS.erro, error);
      if (error instanceof ApiError) setErros(error.fields);
      notifyError(errorText(ENVIAR_EMAIL_TEXTOS.erro, error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="enviar-email-form">
      <Stack gap="sm">
        <TextInput
          label={ENVIAR_EMAIL_TEXTOS.para}
          type="email"
          autoComplete="off"
          placeholder="cliente@exemplo.com.br"
          description={paraInicial ? undefined : ENVIAR_EMAIL_TEXTOS.paraCliente}
          data-autofocus
          maxLength={254}
          value={para}
          onChange={(event) => setPara(event.currentTarget.value)}
          error={erros.para}
        />
        <Textarea
          label={ENVIAR_EMAIL_TEXTOS.mensagem}
          description={ENVIAR_EMAIL_TEXTOS.mensagemDescricao}
          autosize
          minRows={3}
          maxLength={2000}
          value={mensagem}
          onChange={(event) => setMensagem(event.currentTarget.value)}
          error={erros.mensagem}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" leftSection={<IconMail size={16} />} loading={enviar.isPending}>
            {ENVIAR_EMAIL_TEXTOS.enviar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The customer's e-mail (read when the dialog opens), then the form filled with it. */
function EnviarEmailConteudo({
  caminho,
  clienteId,
  onClose,
}: EnviarEmailProps & { onClose: () => void }) {
  const cliente = useCadastro(clienteId ?? 0);
  if (clienteId && cliente.isPending) return null;
  return (
    <EnviarEmailForm caminho={caminho} paraInicial={cliente.data?.email ?? ''} onClose={onClose} />
  );
}

/**
 * "Enviar por e-mail" on a document's screen (a quote, a service order, a fiscal note): a small
 * dialog with the recipient (the customer's e-mail) and a message; the document goes to the
 * outbox, which sends it with its files.
 */
export function EnviarEmailButton({
  caminho,
  clienteId,
  ...props
}: EnviarEmailProps & Omit<ButtonProps, 'children' | 'onClick'>) {
  const [aberto, setAberto] = useState(false);
  const fechar = () => setAberto(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMail size={16} />}
        {...props}
        onClick={() => setAberto(true)}
        data-testid="enviar-email"
      >
        {ENVIAR_EMAIL_TEXTOS.botao}
      </Button>
      <Modal opened={aberto} onClose={fechar} title={ENVIAR_EMAIL_TEXTOS.titulo} centered>
        {aberto && <EnviarEmailConteudo caminho={caminho} clienteId={clienteId} onClose={fechar} />}
      </Modal>
    </>
  );
}
