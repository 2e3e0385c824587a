import type { PageProps } from '../app/pageRegistry';

export default function AdminPage({ route }: PageProps) {
  return <h1>{route.title}</h1>;
}
