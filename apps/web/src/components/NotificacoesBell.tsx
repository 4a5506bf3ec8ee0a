import {
  ActionIcon,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  NavLink,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconCalendarDue,
  IconCertificate,
  IconCloudOff,
  IconFileAlert,
  IconFileDollar,
  IconMailOff,
  IconPackage,
  IconRepeat,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICACOES_MESSAGES, type TipoNotificacao } from '@prumo/shared/notificacoes';
import { useNotificacoes } from '../api/notificacoes';

const APARENCIA: Record<TipoNotificacao, { icon: Icon; color: string }> = {
  receber_vencida: { icon: IconAlertTriangle, color: 'red' },
  pagar_vencida: { icon: IconAlertTriangle, color: 'red' },
  receber_hoje: { icon: IconCalendarDue, color: 'yellow' },
  pagar_hoje: { icon: IconCalendarDue, color: 'yellow' },
  estoque_minimo: { icon: IconPackage, color: 'orange' },
  certificado_vencendo: { icon: IconCertificate, color: 'orange' },
  notas_rejeitadas: { icon: IconFileAlert, color: 'red' },
  contingencia_atrasada: { icon: IconCloudOff, color: 'red' },
  emails_falhos: { icon: IconMailOff, color: 'red' },
  faturamento_falhou: { icon: IconFileDollar, color: 'red' },
  assinaturas_inadimplentes: { icon: IconRepeat, color: 'orange' },
  renovacao_falhou: { icon: IconRepeat, color: 'red' },
};

/** "7", or "99+" past 99. */
export const contagemNotificacoes = (total: number) => (total > 99 ? '99+' : String(total));

/**
 * The top bar's bell: a red count of what needs attention and, on click, one line per group
 * (overdue and due today, stock below minimum) leading to the screen that lists it. Read again
 * every minute, on coming back to the tab and whenever it opens.
 */
export function NotificacoesBell() {
  const [aberto, setAberto] = useState(false);
  const { data, isPending, isError, refetch } = useNotificacoes();
  const total = data?.total ?? 0;
  const itens = data?.itens ?? [];

  const alternar = () => {
    if (!aberto) void refetch();
    setAberto((atual) => !atual);
  };

  return (
    <Indicator
      inline
      disabled={total === 0}
      label={<span data-testid="notificacoes-total">{contagemNotificacoes(total)}</span>}
      color="red"
      size={18}
      offset={7}
      withBorder
      zIndex={2}
      styles={{ indicator: { pointerEvents: 'none' } }}
    >
      <Popover
        opened={aberto}
        onChange={setAberto}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={NOTIFICACOES_MESSAGES.titulo}
            aria-expanded={aberto}
            aria-haspopup="dialog"
            data-testid="notificacoes-bell"
            onClick={alternar}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown
          p={0}
          maw="calc(100vw - 16px)"
          role="dialog"
          aria-label={NOTIFICACOES_MESSAGES.titulo}
        >
          <Group justify="space-between" px="md" py="sm" wrap="nowrap">
            <Text fw={600}>{NOTIFICACOES_MESSAGES.titulo}</Text>
            {isPending && <Loader size="xs" />}
          </Group>
          <Divider />
          {isError && !data ? (
            <Text size="sm" c="red" px="md" py="lg" ta="center">
              {NOTIFICACOES_MESSAGES.erro}
            </Text>
          ) : itens.length === 0 ? (
            isPending ? null : (
              <Center py="lg" px="md">
                <Stack gap={4} align="center">
                  <IconBellOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
                  <Text size="sm" c="dimmed">
                    {NOTIFICACOES_MESSAGES.vazio}
                  </Text>
                </Stack>
              </Center>
            )
          ) : (
            <ScrollArea.Autosize mah="min(420px, calc(100dvh - 96px))" type="auto">
              <Stack gap={0} py={4} component="ul" m={0} style={{ listStyle: 'none' }} px={0}>
                {itens.map((item) => {
                  const { icon: Icone, color } = APARENCIA[item.tipo];
                  return (
                    <li key={item.tipo}>
                      <NavLink
                        component={Link}
                        to={item.link}
                        onClick={() => setAberto(false)}
                        data-testid={`notificacao-${item.tipo}`}
                        leftSection={
                          <ThemeIcon variant="light" color={color} size="lg" radius="md">
                            <Icone size={18} />
                          </ThemeIcon>
                        }
                        label={
                          <Text size="sm" fw={600} lh={1.3}>
                            {item.titulo}
                          </Text>
                        }
                        description={
                          <Text size="xs" c="dimmed" lh={1.3} mt={2}>
                            {item.descricao}
                          </Text>
                        }
                        px="md"
                        py="xs"
                      />
                    </li>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
