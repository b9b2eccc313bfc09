/**
 * The zooms the map allows (our choice, from what the offline basemap shows legibly): from the
 * whole world to a city's surroundings. Beyond zoom 10 the 1:10m coastlines run visibly off the
 * true shore and no street is drawn.
 */
export const MAP_ZOOM = { min: 1, max: 10 } as const;
