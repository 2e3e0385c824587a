import type { FeatureIcon as FeatureIconName } from '#content/whyChooseUs.ts';

const paths: Record<FeatureIconName, string[]> = {
  child: ['M12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z', 'M5 10l7 2 7-2', 'M12 12v4', 'M9 23l3-7 3 7'],
  heart: ['M19.5 5.5a5 5 0 0 0-7.1 0L12 6l-.4-.5a5 5 0 0 0-7.1 7.1L12 20l7.5-7.4a5 5 0 0 0 0-7.1Z'],
  hands: [
    'M11 12 8.5 9.5a2 2 0 0 0-2.8 0L3 12.2V19l3 2h5.5L16 16.5a1.8 1.8 0 0 0-2.5-2.5L11 16.5',
    'M13 12l2.5-2.5a2 2 0 0 1 2.8 0L21 12.2V16',
    'M12 3v4M8.5 4.5 10 7M15.5 4.5 14 7',
  ],
};

/** The small drawings on the Why Choose Us cards; decorative, the card's title says it all. */
export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg
      className="icon feature-icon"
      width={32}
      height={32}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
