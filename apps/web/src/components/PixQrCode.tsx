import { Button, Center, CopyButton, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { pixDaEmpresa, pixPayload } from '@prumo/shared/configuracoes';
import { formatMoney } from '@prumo/shared/money';
import { useEmpresa } from '../api/configuracoes';

/** The QR library loads only where a PIX code is shown. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((mod) => ({ default: mod.QRCodeSVG })));

const TAMANHO = 180;

/**
 * A static PIX QR code and its copy-and-paste code for an exact amount, paid to the company's
 * key (Configurações → Empresa). Nothing is shown while the company has no PIX key.
 */
export function PixQrCode({ valor, txid }: { valor: number; txid?: string }) {
  const pix = pixDaEmpresa(useEmpresa().data);
  const codigo = useMemo(() => pix && pixPayload({ ...pix, valor, txid }), [pix, valor, txid]);
  if (!codigo || valor <= 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="pix-qrcode">
      <Stack gap="xs" align="center">
        <Text size="sm" fw={600}>
          PIX de {formatMoney(valor)} para {pix!.nome}
        </Text>
        {/* A QR code is read as dark on light in either colour scheme: its own white margin. */}
        <Center bg="#ffffff" p={8} style={{ borderRadius: 8 }}>
          <Suspense fallback={<Loader size="sm" m={TAMANHO / 2 - 9} />}>
            <QRCodeSVG value={codigo} size={TAMANHO} level="M" aria-label="QR code PIX" />
          </Suspense>
        </Center>
        <Textarea
          value={codigo}
          readOnly
          autosize
          minRows={2}
          w="100%"
          label="PIX copia e cola"
          styles={{ input: { fontFamily: 'monospace', fontSize: 11 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={codigo}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? 'Código copiado' : 'Copiar código'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Paper>
  );
}
