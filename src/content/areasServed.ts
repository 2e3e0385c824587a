/** Neighborhoods we serve, shown on the About and Contact pages and in structured data. */

export type AreaGroup = { title: string; places: string[] };

export const areasServed: AreaGroup[] = [
  {
    title: 'OMR Corridor',
    places: ['Perungudi', 'Kandanchavadi', 'Thoraipakkam', 'Karapakkam', 'Mettukuppam', 'Sholinganallur', 'Navalur'],
  },
  {
    title: 'South Chennai',
    places: [
      'Velachery',
      'Taramani',
      'Pallikaranai',
      'Madipakkam',
      'Medavakkam',
      'Adyar',
      'Thiruvanmiyur',
      'Besant Nagar',
      'Kottivakkam',
      'Neelankarai',
    ],
  },
  {
    title: 'Nearby Landmarks',
    places: [
      'Perungudi MRTS station',
      'Tidel Park',
      'World Trade Center Chennai',
      'Perungudi Lake',
      'Pallikaranai Marshland',
      'SRP Tools Junction',
      'Phoenix Marketcity, Velachery',
    ],
  },
];

export const areasServedSection = {
  heading: 'Areas We Serve',
  intro: 'Families travel to our Perungudi campus from all along the OMR corridor and across south Chennai.',
};

/** Every neighborhood name (landmarks excluded), e.g. for structured data */
export const servedPlaceNames: string[] = areasServed
  .filter((group) => group.title !== 'Nearby Landmarks')
  .flatMap((group) => group.places);
