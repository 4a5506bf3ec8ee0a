import { Box, Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { Dashboard } from '@prumo/shared/financeiro';
import classes from './MonthCalendar.module.css';

const monthFormatter = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-05" → "Novembro de 2026" */
function monthTitle(hoje: string): string {
  const text = monthFormatter.format(new Date(`${hoje.slice(0, 7)}-01T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const daysInMonth = (hoje: string) =>
  new Date(Date.UTC(Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7)), 0)).getUTCDate();

const TIPO: Record<Dashboard['calendario'][number]['tipo'], [string, string]> = {
  vencimento: ['vencimento', 'vencimentos'],
  agendamento: ['agendamento', 'agendamentos'],
};

/** What a marked day holds: "2 vencimentos · 1 agendamento". */
export function descreverDia(eventos: Dashboard['calendario']): string {
  return eventos
    .map((e) => `${e.quantidade} ${TIPO[e.tipo][e.quantidade === 1 ? 0 : 1]}`)
    .join(' · ');
}

/** The days of this month; today highlighted, the days with installments due or appointments marked. */
export function MonthCalendar({
  hoje,
  calendario,
}: {
  /** aaaa-mm-dd, the company's today. */
  hoje: string;
  calendario: Dashboard['calendario'];
}) {
  const day = Number(hoje.slice(8, 10));
  const porDia = new Map<number, Dashboard['calendario']>();
  for (const evento of calendario) {
    const dia = Number(evento.dia.slice(8, 10));
    porDia.set(dia, [...(porDia.get(dia) ?? []), evento]);
  }
  return (
    <Card withBorder radius="md" data-testid="calendario">
      <Title order={4}>Calendário</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {monthTitle(hoje)}
      </Text>
      <SimpleGrid cols={7} spacing={6}>
        {Array.from({ length: daysInMonth(hoje) }, (_, index) => index + 1).map((cellDay) => {
          const isToday = cellDay === day;
          const eventos = porDia.get(cellDay);
          return (
            <Box
              key={cellDay}
              data-testid="calendar-day"
              className={classes.cell}
              data-today={isToday || undefined}
              data-event={eventos ? true : undefined}
              aria-current={isToday ? 'date' : undefined}
              title={eventos ? descreverDia(eventos) : undefined}
            >
              {cellDay}
            </Box>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
