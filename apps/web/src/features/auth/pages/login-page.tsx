import { Title } from '@mantine/core';

/** /login: the sign-in card body. The app layout supplies the branded card around it. */
export function LoginPage() {
  return (
    <Title order={2} fz="h3" ta="center">
      Sign In
    </Title>
  );
}
