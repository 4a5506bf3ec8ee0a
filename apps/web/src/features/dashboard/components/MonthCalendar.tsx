import { Box, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { CALENDAR_CELLS, EVENT_DAYS } from '../sample-data';
import classes from './MonthCalendar.module.css';

const monthFormatter = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });

/** "novembro de 2026" → "Novembro de 2026" */
function monthTitle(date: Date): string {
  const text = monthFormatter.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 30 day cells of the current month; today highlighted, sample event days marked. */
export function MonthCalendar({ today = new Date() }: { today?: Date }) {
  const day = today.getDate();
  return (
    <Card withBorder radius="md" data-testid="calendario">
      <Title order={4}>Calendário</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {monthTitle(today)}
      </Text>
      <SimpleGrid cols={7} spacing={6}>
        {Array.from({ length: CALENDAR_CELLS }, (_, index) => index + 1).map((cellDay) => {
          const isToday = cellDay === day;
          const hasEvent = EVENT_DAYS.includes(cellDay);
          return (
            <Box
              key={cellDay}
              data-testid="calendar-day"
              className={classes.cell}
              data-today={isToday || undefined}
              data-event={hasEvent || undefined}
              aria-current={isToday ? 'date' : undefined}
              title={hasEvent ? 'Dia com eventos' : undefined}
            >
              {cellDay}
            </Box>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
