// The demo participants' profiles for the way generator (demo/ways.ts): real places in Berlin, the routes between
// them (each leg a mode and a few street-corner waypoints) and day plans for weekdays and weekends.
import type { LatLon } from '~/db/schema'
import type { LegRoute, Place, Profile, Route } from './ways'

const p = (lat: number, lon: number): LatLon => ({ lat, lon })

/** The same route the other way round. */
function reverse(route: Route, purposes: number[]): Route {
  return {
    from: route.to,
    to: route.from,
    purposes,
    legs: [...route.legs].reverse().map((leg) => ({ mode: leg.mode, via: [...leg.via].reverse() })),
  }
}

// Purpose ids of the demo campaign.
const WORK = 1
const SHOPPING = 3
const LEISURE = 4
const ERRAND = 5
const BUSINESS = 8
const VISIT = 9
const HOME = 7

// Dana Demo: lives at Kollwitzplatz (Prenzlauer Berg), works at Potsdamer Platz.
const DANA_PLACES = {
  home: { name: 'Kollwitzstraße', ...p(52.5362, 13.4181) },
  work: { name: 'Linkstraße', ...p(52.5077, 13.3735) },
  supermarket: { name: 'Danziger Straße', ...p(52.5397, 13.423) },
  gym: { name: 'Frankfurter Tor', ...p(52.5157, 13.4538) },
  tempelhof: { name: 'Tempelhofer Feld', ...p(52.477, 13.401) },
  friends: { name: 'Bergmannstraße', ...p(52.4893, 13.3925) },
  alexanderplatz: { name: 'Alexanderplatz', ...p(52.5219, 13.4125) },
  hauptbahnhof: { name: 'Hauptbahnhof', ...p(52.5251, 13.3694) },
  mauerpark: { name: 'Mauerpark', ...p(52.5433, 13.4022) },
} satisfies Record<string, Place>

const H = DANA_PLACES
const walkHomeToSenefelder: LegRoute = {
  mode: 'WALK',
  via: [H.home, p(52.535, 13.416), p(52.5336, 13.4138), p(52.5326, 13.4125)],
}
const u2SenefelderToAlex = [p(52.5326, 13.4125), p(52.5281, 13.4104), p(52.5219, 13.4132)]
const u2AlexToStadtmitte = [
  p(52.5219, 13.4132),
  p(52.5171, 13.4125),
  p(52.5112, 13.404),
  p(52.5133, 13.396),
  p(52.5114, 13.3897),
]

const homeWorkTrain: Route = {
  from: 'home',
  to: 'work',
  purposes: [WORK],
  legs: [
    walkHomeToSenefelder,
    {
      mode: 'PUBLIC_TRANSPORT_TRAIN',
      via: [...u2SenefelderToAlex, ...u2AlexToStadtmitte.slice(1), p(52.5118, 13.3842), p(52.5096, 13.3766)],
    },
    { mode: 'WALK', via: [p(52.5096, 13.3766), p(52.5088, 13.3752), H.work] },
  ],
}

const homeWorkBike: Route = {
  from: 'home',
  to: 'work',
  purposes: [WORK],
  legs: [
    {
      mode: 'BICYCLE',
      via: [
        H.home,
        p(52.533, 13.413),
        p(52.5294, 13.4087),
        p(52.5283, 13.401),
        p(52.5275, 13.3876),
        p(52.52, 13.388),
        p(52.517, 13.3886),
        p(52.5102, 13.3888),
        p(52.5098, 13.38),
        p(52.5096, 13.3766),
        H.work,
      ],
    },
  ],
}

const homeShopWalk: Route = {
  from: 'home',
  to: 'supermarket',
  purposes: [SHOPPING],
  legs: [{ mode: 'WALK', via: [H.home, p(52.5375, 13.419), p(52.5388, 13.4212), H.supermarket] }],
}

const homeGymBike: Route = {
  from: 'home',
  to: 'gym',
  purposes: [LEISURE],
  legs: [
    {
      mode: 'BICYCLE',
      via: [
        H.home,
        p(52.5388, 13.4212),
        p(52.5399, 13.429),
        p(52.5395, 13.437),
        p(52.5345, 13.4448),
        p(52.5288, 13.452),
        p(52.5222, 13.454),
        H.gym,
      ],
    },
  ],
}

const homeTempelhofTrain: Route = {
  from: 'home',
  to: 'tempelhof',
  purposes: [LEISURE],
  legs: [
    walkHomeToSenefelder,
    { mode: 'PUBLIC_TRANSPORT_TRAIN', via: [...u2SenefelderToAlex, ...u2AlexToStadtmitte.slice(1)] },
    // The change from U2 to U6 at Stadtmitte is a walk through the tunnel.
    { mode: 'WALK', via: [p(52.5114, 13.3897), p(52.5112, 13.3906), p(52.5105, 13.3908)] },
    {
      mode: 'PUBLIC_TRANSPORT_TRAIN',
      via: [p(52.5105, 13.3908), p(52.5065, 13.3908), p(52.4977, 13.3918), p(52.4937, 13.388), p(52.4856, 13.3855)],
    },
    { mode: 'WALK', via: [p(52.4856, 13.3855), p(52.483, 13.389), p(52.48, 13.395), H.tempelhof] },
  ],
}

const homeFriendsCar: Route = {
  from: 'home',
  to: 'friends',
  purposes: [VISIT],
  legs: [
    {
      mode: 'CAR',
      via: [
        H.home,
        p(52.533, 13.4195),
        p(52.5245, 13.415),
        p(52.5185, 13.415),
        p(52.514, 13.408),
        p(52.5112, 13.404),
        p(52.504, 13.398),
        p(52.4977, 13.3918),
        p(52.493, 13.393),
        p(52.49, 13.395),
      ],
    },
    // Parking is never at the door.
    { mode: 'WALK', via: [p(52.49, 13.395), p(52.4897, 13.3938), H.friends] },
  ],
}

const alexBus = [p(52.534, 13.4205), p(52.531, 13.4185), p(52.5275, 13.4165), p(52.5245, 13.415), p(52.5225, 13.414)]
const homeAlexBus: Route = {
  from: 'home',
  to: 'alexanderplatz',
  purposes: [SHOPPING, ERRAND],
  legs: [
    { mode: 'WALK', via: [H.home, p(52.5352, 13.4195), p(52.534, 13.4205)] },
    { mode: 'PUBLIC_TRANSPORT_BUS', via: alexBus },
    { mode: 'WALK', via: [p(52.5225, 13.414), p(52.5222, 13.4132), H.alexanderplatz] },
  ],
}

const workHbfScooter: Route = {
  from: 'work',
  to: 'hauptbahnhof',
  purposes: [BUSINESS],
  legs: [
    {
      mode: 'E_SCOOTER',
      via: [
        H.work,
        p(52.5096, 13.3766),
        p(52.512, 13.377),
        p(52.516, 13.3777),
        p(52.5186, 13.3762),
        p(52.52, 13.3735),
        p(52.5215, 13.3705),
        p(52.5235, 13.369),
        H.hauptbahnhof,
      ],
    },
  ],
}

const hbfHomeTrainBus: Route = {
  from: 'hauptbahnhof',
  to: 'home',
  purposes: [HOME],
  legs: [
    {
      mode: 'PUBLIC_TRANSPORT_TRAIN',
      via: [
        H.hauptbahnhof,
        p(52.521, 13.38),
        p(52.5203, 13.3869),
        p(52.521, 13.395),
        p(52.5225, 13.4024),
        p(52.5215, 13.411),
      ],
    },
    { mode: 'WALK', via: [p(52.5215, 13.411), p(52.522, 13.4128), p(52.5225, 13.414)] },
    { mode: 'PUBLIC_TRANSPORT_BUS', via: [...alexBus].reverse() },
    { mode: 'WALK', via: [p(52.534, 13.4205), p(52.5352, 13.4195), H.home] },
  ],
}

const homeMauerparkWalk: Route = {
  from: 'home',
  to: 'mauerpark',
  purposes: [LEISURE],
  legs: [
    {
      mode: 'WALK',
      via: [H.home, p(52.538, 13.416), p(52.5405, 13.4125), p(52.5415, 13.408), p(52.5425, 13.404), H.mauerpark],
    },
  ],
}

const h = (hour: number, minute = 0) => hour * 60 + minute

export const DANA: Profile = {
  places: DANA_PLACES,
  weekday: [
    [
      [homeWorkTrain, h(7, 45)],
      [reverse(homeWorkTrain, [HOME]), h(17, 15)],
    ],
    [
      [homeWorkBike, h(8)],
      [reverse(homeWorkBike, [HOME]), h(17, 30)],
      [homeGymBike, h(19)],
      [reverse(homeGymBike, [HOME]), h(20, 30)],
    ],
    [
      [homeWorkTrain, h(7, 50)],
      [reverse(homeWorkTrain, [HOME]), h(17)],
      [homeShopWalk, h(18, 30)],
      [reverse(homeShopWalk, [HOME]), h(18, 55)],
    ],
    [
      [homeWorkTrain, h(8, 10)],
      [workHbfScooter, h(16, 45)],
      [hbfHomeTrainBus, h(17, 20)],
    ],
    // Working from home.
    [
      [homeShopWalk, h(11)],
      [reverse(homeShopWalk, [HOME]), h(11, 30)],
    ],
    // One way only: the way back was not recorded.
    [[homeMauerparkWalk, h(19)]],
  ],
  weekend: [
    [
      [homeTempelhofTrain, h(11)],
      [reverse(homeTempelhofTrain, [HOME]), h(15)],
    ],
    [
      [homeFriendsCar, h(13)],
      [reverse(homeFriendsCar, [HOME]), h(19)],
    ],
    [
      [homeAlexBus, h(11, 30)],
      [reverse(homeAlexBus, [HOME]), h(14)],
      [homeMauerparkWalk, h(17)],
      [reverse(homeMauerparkWalk, [HOME]), h(18, 30)],
    ],
    [
      [homeShopWalk, h(10)],
      [reverse(homeShopWalk, [HOME]), h(10, 30)],
    ],
  ],
}

// The second participant lives in Charlottenburg and studies at TU Berlin.
const OLAF_PLACES = {
  home: { name: 'Richard-Wagner-Platz', ...p(52.5163, 13.307) },
  university: { name: 'TU Berlin', ...p(52.5125, 13.3269) },
  kudamm: { name: 'Kurfürstendamm', ...p(52.504, 13.332) },
} satisfies Record<string, Place>

const homeUniBike: Route = {
  from: 'home',
  to: 'university',
  purposes: [2],
  legs: [{ mode: 'BICYCLE', via: [OLAF_PLACES.home, p(52.515, 13.313), p(52.5135, 13.32), OLAF_PLACES.university] }],
}
const homeKudammBus: Route = {
  from: 'home',
  to: 'kudamm',
  purposes: [SHOPPING],
  legs: [
    { mode: 'WALK', via: [OLAF_PLACES.home, p(52.5162, 13.3078), p(52.516, 13.3085)] },
    {
      mode: 'PUBLIC_TRANSPORT_BUS',
      via: [
        p(52.516, 13.3085),
        p(52.5125, 13.3068),
        p(52.508, 13.3066),
        p(52.5057, 13.31),
        p(52.5055, 13.32),
        p(52.5048, 13.329),
      ],
    },
    { mode: 'WALK', via: [p(52.5048, 13.329), p(52.5044, 13.3305), OLAF_PLACES.kudamm] },
  ],
}

export const OLAF: Profile = {
  places: OLAF_PLACES,
  weekday: [
    [
      [homeUniBike, h(9)],
      [reverse(homeUniBike, [HOME]), h(16)],
    ],
  ],
  weekend: [
    [
      [homeKudammBus, h(12)],
      [reverse(homeKudammBus, [HOME]), h(15)],
    ],
  ],
}
