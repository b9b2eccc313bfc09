/**
 * The basemap's colours, one palette per colour scheme. The map picks the palette of Mantine's
 * computed colour scheme; the SVG layers take the values, the city names and the clusters read
 * them as CSS variables set on the map's container (paletteVariables).
 */
export interface MapPalette {
  readonly water: string;
  readonly land: string;
  readonly coastline: string;
  readonly border: string;
  readonly cityText: string;
  readonly cityHalo: string;
  readonly cityDot: string;
  /** The inside of a cluster's ring and its count. */
  readonly clusterFill: string;
  readonly clusterText: string;
}

export const MAP_PALETTES: Readonly<Record<'light' | 'dark', MapPalette>> = {
  light: {
    water: '#c9dcec',
    land: '#f3f1ec',
    coastline: '#5f7f9c',
    border: '#9a8f86',
    cityText: '#25262b',
    cityHalo: '#ffffff',
    cityDot: '#495057',
    clusterFill: '#ffffff',
    clusterText: '#1a1b1e',
  },
  dark: {
    water: '#0d1826',
    land: '#1f252d',
    coastline: '#5a7d9e',
    border: '#6b6f76',
    cityText: '#dee2e6',
    cityHalo: '#0d1826',
    cityDot: '#adb5bd',
    clusterFill: '#1a1b1e',
    clusterText: '#f1f3f5',
  },
};

/** The palette as CSS custom properties (the container's style). */
export function paletteVariables(palette: MapPalette): Record<string, string> {
  return {
    '--fleet-map-water': palette.water,
    '--fleet-map-city-text': palette.cityText,
    '--fleet-map-city-halo': palette.cityHalo,
    '--fleet-map-city-dot': palette.cityDot,
    '--fleet-map-cluster-fill': palette.clusterFill,
    '--fleet-map-cluster-text': palette.clusterText,
  };
}
