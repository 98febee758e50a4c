import { Notifications } from '@mantine/notifications';

/** Spec 1 §9: one toast at a time, shown 5 s, at most 420 px wide. Loaded with the first toast (providers.tsx). */
export function ToastContainer() {
  return <Notifications limit={1} autoClose={5000} containerWidth={420} />;
}
