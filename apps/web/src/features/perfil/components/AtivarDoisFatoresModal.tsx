import {
  Alert,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { DOIS_FATORES_MESSAGES } from '@prumo/shared/auth';
import { useAtivarDoisFatores, useConfigurarDoisFatores } from '../../../api/perfil';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/api-client';
import { PERFIL_TEXTOS } from './perfil-textos';

/** The QR library loads only when the setup is opened. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((mod) => ({ default: mod.QRCodeSVG })));

const TAMANHO_QR = 184;

/** The secret in groups of four, easier to type into an app by hand. */
const emGrupos = (segredo: string) => segredo.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turning two factors on: a new secret as a QR code and as text, a code from the app to confirm
 * it, then the recovery codes, shown this once.
 */
export function AtivarDoisFatoresModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const fechar = () => {
    setCodigos(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={fechar}
      title={codigos ? 'Guarde seus códigos de recuperação' : 'Ativar autenticação em dois fatores'}
      size={520}
      centered
      closeOnClickOutside={false}
    >
      {opened &&
        (codigos ? (
          <CodigosRecuperacao codigos={codigos} onDone={fechar} />
        ) : (
          <Configurar onAtivado={setCodigos} onCancel={fechar} />
        ))}
    </Modal>
  );
}

function Configurar({
  onAtivado,
  onCancel,
}: {
  onAtivado: (codigos: string[]) => void;
  onCancel: () => void;
}) {
  const configurar = useConfigurarDoisFatores();
  const ativar = useAtivarDoisFatores();
  const [codigo, setCodigo] = useState('');
  const [erro, setErro] = useState('');
  const { mutate } = configurar;

  // One new secret per opening of the dialog.
  useEffect(() => mutate(), [mutate]);

  async function confirmar(event: FormEvent) {
    event.preventDefault();
    const digitos = codigo.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digitos)) {
      setErro(
        digitos ? DOIS_FATORES_MESSAGES.codigoFormato : DOIS_FATORES_MESSAGES.codigoObrigatorio,
      );
      return;
    }
    setErro('');
    try {
      const { codigos_recuperacao } = await ativar.mutateAsync(digitos);
      onAtivado(codigos_recuperacao);
    } catch (error) {
      setErro(
        error instanceof ApiError && error.fields.codigo
          ? error.fields.codigo
          : errorText(PERFIL_TEXTOS.erroAtivar, error),
      );
    }
  }

  if (configurar.isError) {
    return (
      <Stack>
        <Text c="red">{errorText(PERFIL_TEXTOS.erroConfigurar, configurar.error)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Fechar
          </Button>
        </Group>
      </Stack>
    );
  }
  const dados = configurar.data;
  return (
    <form onSubmit={confirmar} noValidate data-testid="dois-fatores-configurar">
      <Stack>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>
            Instale um aplicativo autenticador no celular (Google Authenticator, Microsoft
            Authenticator, Authy ou outro).
          </List.Item>
          <List.Item>No aplicativo, leia o código QR abaixo ou digite a chave.</List.Item>
          <List.Item>Digite o código de 6 números que o aplicativo mostrar.</List.Item>
        </List>
        {/* A QR code is read as dark on light in either colour scheme: its own white margin. */}
        <Center>
          <Center
            bg="#ffffff"
            p={10}
            style={{ borderRadius: 8 }}
            w={TAMANHO_QR + 20}
            h={TAMANHO_QR + 20}
          >
            {dados ? (
              <Suspense fallback={<Loader size="sm" />}>
                <QRCodeSVG
                  value={dados.otpauth_url}
                  size={TAMANHO_QR}
                  level="M"
                  aria-label="Código QR para o aplicativo autenticador"
                />
              </Suspense>
            ) : (
              <Loader size="sm" />
            )}
          </Center>
        </Center>
        {dados && (
          <Stack gap={4} align="center">
            <Text size="xs" c="dimmed">
              Chave para digitar no aplicativo
            </Text>
            <Group gap="xs" justify="center" wrap="nowrap">
              <Code
                data-testid="dois-fatores-segredo"
                style={{
                  fontSize: 14,
                  whiteSpace: 'normal',
                  wordBreak: 'normal',
                  textAlign: 'center',
                }}
              >
                {emGrupos(dados.segredo)}
              </Code>
              <CopyButton value={dados.segredo}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    aria-label="Copiar a chave"
                  >
                    {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
        <TextInput
          label="Código do aplicativo autenticador"
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={codigo}
          error={erro || undefined}
          disabled={!dados || ativar.isPending}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          onChange={(event) => {
            setCodigo(event.currentTarget.value.replace(/[^\d ]/g, ''));
            setErro('');
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={ativar.isPending} disabled={!dados}>
            Ativar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CodigosRecuperacao({ codigos, onDone }: { codigos: string[]; onDone: () => void }) {
  return (
    <Stack data-testid="dois-fatores-codigos">
      <Text size="sm">
        A autenticação em dois fatores está ativada. Se você perder o celular, entre com um destes
        códigos no lugar do código do aplicativo. Cada código vale uma vez.
      </Text>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        Guarde estes códigos em um lugar seguro agora: eles não serão mostrados novamente.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        {codigos.map((codigo) => (
          <Code key={codigo} ta="center" style={{ fontSize: 14 }} data-testid="codigo-recuperacao">
            {codigo}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <CopyButton value={codigos.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copiados' : 'Copiar códigos'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Concluir</Button>
      </Group>
    </Stack>
  );
}
