import { Center, Group, Loader, Text } from '@mantine/core';

/** A spinner with a text, for a page or a whole screen that is loading. */
export function PageLoader({
  label = 'Carregando...',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
