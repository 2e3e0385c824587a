import type { PageProps } from '../app/pageRegistry';

export default function TestimonialsPage({ route }: PageProps) {
  return <h1>{route.title}</h1>;
}
