import {
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCertificate, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { formatCnpj } from '@prumo/shared/brasil';
import { formatDate } from '@prumo/shared/dates';
import { FISCAL_MENSAGENS, type CertificadoInfo } from '@prumo/shared/fiscal';
import { useEnviarCertificado, useRemoverCertificado } from '../../../api/fiscal';
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

/** Under this many days the expiry is shown as a warning (the bell warns from 30 days too). */
const DIAS_AVISO = 30;

const TEXTOS = {
  senhaObrigatoria: 'Informe a senha do certificado',
  enviado: 'Certificado enviado.',
  erroEnviar: 'Erro ao enviar o certificado',
  removido: 'Certificado removido.',
  erroRemover: 'Erro ao remover o certificado',
  confirmarRemocao:
    'Remover o certificado A1? Sem ele, nenhuma nota é assinada até que outro seja enviado.',
} as const;

function Info({ label, children }: { label: string; children: ReactNode }) {
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

/** "Vence em 12 dias" in orange under 30 days, "Vencido há 3 dias" in red. */
function Vencimento({ dias }: { dias: number }) {
  const vencido = dias < 0;
  const cor = vencido ? 'red' : dias < DIAS_AVISO ? 'orange' : 'teal';
  const texto = vencido
    ? `Vencido há ${-dias} ${-dias === 1 ? 'dia' : 'dias'}`
    : dias === 0
      ? 'Vence hoje'
      : `Vence em ${dias} ${dias === 1 ? 'dia' : 'dias'}`;
  return (
    <Text size="sm" fw={600} c={cor} data-testid="certificado-vencimento">
      {texto}
    </Text>
  );
}

/**
 * The A1 certificate (Configurações → Fiscal): who it belongs to and until when, the upload of
 * a .pfx/.p12 with its password (kept encrypted on the server) and its removal.
 */
export function CertificadoCard({ certificado }: { certificado: CertificadoInfo | null }) {
  const enviar = useEnviarCertificado();
  const remover = useRemoverCertificado();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const [erros, setErros] = useState<{ certificado?: string; senha?: string }>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const encontrados: typeof erros = {};
    if (!arquivo || !/\.(pfx|p12)$/i.test(arquivo.name)) {
      encontrados.certificado = FISCAL_MENSAGENS.certificadoArquivo;
    }
    if (!senha) encontrados.senha = TEXTOS.senhaObrigatoria;
    setErros(encontrados);
    if (!arquivo || Object.keys(encontrados).length > 0) return;
    try {
      await enviar.mutateAsync({ arquivo, senha });
      notifySuccess(TEXTOS.enviado);
      setArquivo(null);
      setSenha('');
    } catch (error) {
      console.error(TEXTOS.erroEnviar, error);
      if (error instanceof ApiError) {
        setErros({ certificado: error.fields.certificado, senha: error.fields.senha });
      }
      notifyError(errorText(TEXTOS.erroEnviar, error));
    }
  }

  async function removerCertificado() {
    const confirmado = await confirmAction({
      title: 'Remover certificado',
      message: TEXTOS.confirmarRemocao,
      confirmLabel: 'Remover',
    });
    if (!confirmado) return;
    try {
      await remover.mutateAsync();
      notifySuccess(TEXTOS.removido);
    } catch (error) {
      console.error(TEXTOS.erroRemover, error);
      notifyError(errorText(TEXTOS.erroRemover, error));
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="certificado-card">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconCertificate size={22} />
          <Title order={4}>Certificado digital A1</Title>
        </Group>
        {certificado?.simulacao && (
          <Badge color="yellow" variant="light">
            certificado de simulação
          </Badge>
        )}
      </Group>

      {certificado ? (
        <Stack gap="sm" mb="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Info label="Titular">{certificado.titular}</Info>
            <Info label="CNPJ">{certificado.cnpj ? formatCnpj(certificado.cnpj) : '—'}</Info>
            <Info label="Válido até">{formatDate(certificado.valido_ate)}</Info>
            <Info label="Vencimento">
              <Vencimento dias={certificado.dias_para_vencer} />
            </Info>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Emitido por {certificado.emitido_por}
            {certificado.simulacao
              ? '. Feito pelo Prumo para o ambiente de simulação: não assina notas reais.'
              : '.'}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mb="md">
          Nenhum certificado enviado. Envie o arquivo A1 (.pfx ou .p12) e a senha: ele fica cifrado
          no servidor e nunca volta para a tela.
        </Text>
      )}

      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="certificado-form">
        <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
          <FileInput
            label="Arquivo do certificado"
            placeholder="Escolha o .pfx ou .p12"
            accept=".pfx,.p12,application/x-pkcs12"
            clearable
            value={arquivo}
            onChange={(file) => {
              setArquivo(file);
              setErros((atuais) => ({ ...atuais, certificado: undefined }));
            }}
            error={erros.certificado}
            data-testid="certificado-arquivo"
          />
          <PasswordInput
            label="Senha do certificado"
            autoComplete="off"
            value={senha}
            onChange={(event) => {
              setSenha(event.currentTarget.value);
              setErros((atuais) => ({ ...atuais, senha: undefined }));
            }}
            error={erros.senha}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar senha' }}
          />
          <Group gap="xs" preventGrowOverflow={false}>
            <Button type="submit" leftSection={<IconUpload size={16} />} loading={enviar.isPending}>
              {certificado ? 'Trocar certificado' : 'Enviar certificado'}
            </Button>
            {certificado && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remover.isPending}
                onClick={() => void removerCertificado()}
              >
                Remover
              </Button>
            )}
          </Group>
        </SimpleGrid>
      </form>
    </Paper>
  );
}
