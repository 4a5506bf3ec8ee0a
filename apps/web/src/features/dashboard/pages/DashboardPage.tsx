import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconBuildingBank } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import { firstName } from '../../../lib/initials';
import { useSession } from '../../../lib/session';
import { MonthCalendar } from '../components/MonthCalendar';
import { greetingFor } from '../greeting';
import { BANK_ACCOUNTS, CHART_HEIGHT, SUMMARY_CARDS } from '../sample-data';

const DashboardCharts = lazy(() => import('../components/DashboardCharts'));

export default function DashboardPage() {
  const { user } = useSession();
  const name = firstName(user?.nome);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Dashboard</Title>
          <Text c="dimmed">
            {greetingFor(new Date().getHours())}
            {name ? `, ${name}` : ''}! Aqui está o resumo do seu negócio.
          </Text>
        </div>
        <Badge variant="light" color="gray">
          Valores de exemplo
        </Badge>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {SUMMARY_CARDS.map((card) => {
          const up = card.change >= 0;
          const Arrow = up ? IconArrowUpRight : IconArrowDownRight;
          return (
            <Card key={card.title} withBorder radius="md" data-testid="summary-card">
              <Text size="sm" c="dimmed" fw={500}>
                {card.title}
              </Text>
              <Text fz={24} fw={700} mt={4}>
                {formatMoney(card.value)}
              </Text>
              <Group gap={4} mt={4}>
                <Text c={up ? 'teal.7' : 'red.7'} size="sm" fw={600} span>
                  <Arrow size={14} style={{ verticalAlign: 'middle' }} />
                  {up ? '+' : ''}
                  {formatPercent(card.change, 1)}
                </Text>
                <Text size="xs" c="dimmed" span>
                  {card.comparedTo}
                </Text>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>

      <Suspense
        fallback={
          <SimpleGrid cols={{ base: 1, lg: 3 }}>
            <Skeleton h={CHART_HEIGHT + 60} style={{ gridColumn: 'span 2' }} />
            <Skeleton h={CHART_HEIGHT + 60} />
          </SimpleGrid>
        }
      >
        <DashboardCharts />
      </Suspense>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" data-testid="contas-bancarias">
          <Title order={4} mb="md">
            Contas Bancárias
          </Title>
          <Stack gap="sm">
            {BANK_ACCOUNTS.map((conta) => (
              <Group key={conta.nome} justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <IconBuildingBank size={22} stroke={1.5} />
                  <div>
                    <Text fw={500}>{conta.nome}</Text>
                    <Text size="xs" c="dimmed">
                      {conta.banco}
                    </Text>
                  </div>
                </Group>
                <Text fw={600}>{formatMoney(conta.saldo)}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
        <MonthCalendar />
      </SimpleGrid>
    </Stack>
  );
}
