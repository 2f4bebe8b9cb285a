import { Center, Loader } from '@mantine/core';

/** Shown while a lazy page chunk or the signed-in user loads. */
export function PageLoader() {
  return (
    <Center h="60vh" data-testid="page-loader">
      <Loader />
    </Center>
  );
}
