import type { PageProps } from '../app/pageRegistry';

export default function AwardsPage({ route }: PageProps) {
  return <h1>{route.title}</h1>;
}
