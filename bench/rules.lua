-- The battle's rules that the Carré scenario reaches, written in Lua: one
-- function per hook, its rules in the order the module lists them. The Go
-- procedure calls them; units are read-only userdata (unit.state), and what
-- a rule does to the game goes through Go builtins (set_state, follow, halt).
-- No standard library is opened, so min, max and floor are written here.

-- The builtins are globals; locals are found by register, not by name.
local mark, marked, ask, d66, d6 = mark, marked, ask, d66, d6
local add_mp, add_cost, set_fire, shift, scale_attack, set_side = add_mp, add_cost, set_fire, shift, scale_attack, set_side
local halt, lose, set_state, set_formation, exhaust = halt, lose, set_state, set_formation, exhaust
local rout, retreat, same_result, melee, follow, close_in = rout, retreat, same_result, melee, follow, close_in
local limit_mp, ride_into, on_road, unsupported = limit_mp, ride_into, on_road, unsupported

local BONUS_MP = 5
local TURN_COST = 1
local CARRE_WINDOW = 4
local CARRE_ANY_UNIT = false
local CARRE_MOD_LEADER = -4
local CARRE_MOD_GUARD = -6
local CARRE_MOD_LIGHT = 2
local CARRE_MOD_LANCERS = 6
local CARRE_MOD_LIGHT_CAVALRY = -2
local RELEASE_DISTANCE = 2
local TRAMPLE_DISORDERED = 3
local TRAMPLE_ROUTED = 2
local ROUT_HEXES = 10
local ROUT_TARGET_HEXES = 3
local RECALL_MAX_MP = 5
local DD_RETREAT = 3
local STRAIGHT_FACTOR = 2
local INFANTRY_ON_CARRE = 1.5
local CAVALRY_ON_CARRE = 0.3333333333333333

local function clamp(x, lo, hi)
  if x < lo then return lo end
  if x > hi then return hi end
  return x
end

-- Integer division of non-negative numbers.
local function div(a, b)
  return (a - a % b) / b
end

-- A d66 modified by steps through its 36 results in base 6, held at 11 and 66.
local function modify_d66(roll, mod)
  local i = (div(roll, 10) - 1) * 6 + roll % 10 - 1 + mod
  i = clamp(i, 0, 35)
  return (div(i, 6) + 1) * 10 + i % 6 + 1
end

function declare_charge(charger, target, stack, leader)
  -- charge.eligible
  if charger.arm ~= "cavalry" or charger.state ~= "good" or charger.tired or charger.exhausted then
    return true
  end
  -- charge.or_move
  if charger.moved then return true end
  -- charge.stack
  if not (stack <= 1 or leader) then return true end
  -- charge.declared
  mark(charger, "declared")
  return false
end

function charge_start(charger, target)
  add_mp(BONUS_MP) -- charge.bonus
end

function charge_enter(charger, step, ahead, turns, no_charge)
  if no_charge then return true end -- charge.terrain
  if not (step > 1 or ahead) then return true end -- charge.first_hex
  if turns > 0 then add_cost(turns * TURN_COST) end -- charge.facing
  return false
end

local function can_form_carre(unit)
  return unit.arm == "infantry" or unit.arm == "artillery"
end

-- The Recall Chart.
local function recall(charger, target)
  if d6() <= 4 then
    mark(charger, "recalled") -- recall.ok
    if ask(charger, "follow_routed") then follow(charger, target) end
  else
    mark(charger, "no_recall") -- recall.failed
    limit_mp(RECALL_MAX_MP, target)
    follow(charger, target)
  end
end

-- The Carré Realization Table: the column by formation and distance, the
-- row by d66; a low roll is good for the infantry.
local function carre_realization(unit, charger, target, distance, is_target, mod)
  local roll = modify_d66(d66(), clamp(mod, -12, 12))
  local carre, disorder
  if unit.formation == "column" and distance >= 3 then
    carre, disorder = 42, 54
  elseif unit.formation == "column" then
    carre, disorder = 34, 52
  elseif distance >= 3 then
    carre, disorder = 33, 52
  else
    carre, disorder = 25, 46
  end

  if roll <= carre then
    set_formation(unit, "carre") -- carre.formed
    same_result(unit, "artillery")
    if is_target then follow(charger, unit) end -- carre.formed_melee
  elseif roll <= disorder then
    set_state(unit, "disordered") -- carre.disorder
    same_result(unit, "artillery")
    if is_target then -- carre.disorder_close
      close_in(charger, unit)
      melee(charger, unit)
      halt()
    end
  else
    local hexes = ROUT_HEXES -- carre.rout
    if is_target then hexes = ROUT_TARGET_HEXES end
    rout(unit, charger, hexes)
    same_result(unit, "artillery")
    if is_target and not marked(charger, "recall_rolled") then -- carre.rout_recall
      mark(charger, "recall_rolled")
      recall(charger, target)
    end
  end
end

function charge_approach(unit, charger, target, distance, los, is_target)
  -- carre.attempt
  if unit.arm == "infantry" and unit.formation ~= "carre" and unit.state == "good" and
      not marked(unit, "carre_tried") and distance <= CARRE_WINDOW and los and
      (is_target or CARRE_ANY_UNIT) and can_form_carre(unit) and ask(unit, "form_carre") then
    local mod = 0
    if unit.leader then mod = mod + CARRE_MOD_LEADER end
    if unit.guard then mod = mod + CARRE_MOD_GUARD end
    if unit.light then mod = mod + CARRE_MOD_LIGHT end
    if charger.lancer then mod = mod + CARRE_MOD_LANCERS end
    if charger.light then mod = mod + CARRE_MOD_LIGHT_CAVALRY end
    mark(unit, "carre_tried")
    carre_realization(unit, charger, target, distance, is_target, mod)
  end

  -- carre.release
  if unit.formation == "carre" and is_target and distance > RELEASE_DISTANCE and ask(charger, "halt_before_carre") then
    halt()
  end
end

-- The morale check to stand a charge: above the morale value, which a
-- Carré lowers by 6.
local function stand(charger, unit, mod)
  local roll = modify_d66(d66(), clamp(mod, -18, 18))
  local threshold = unit.morale
  if unit.formation == "carre" then threshold = threshold - 6 end
  if roll > threshold then
    mark(unit, "passed_pre_melee") -- stand.held
    halt()
    melee(charger, unit)
  else
    set_state(unit, "disordered") -- stand.broken
    mark(unit, "no_pre_melee")
    mark(charger, "no_pre_melee")
    melee(charger, unit)
  end
end

function charge_contact(charger, target, mp_spent, straight)
  if target.arm == "infantry" and target.state == "disordered" then -- contact.trample_disordered
    lose(target, div(mp_spent, TRAMPLE_DISORDERED))
  end
  if target.arm == "infantry" and target.state == "routed" then -- contact.trample_routed
    lose(target, div(mp_spent, TRAMPLE_ROUTED))
  end
  if target.state == "good" and target.formation == "column" and on_road(target) then -- contact.road
    unsupported("contact.road")
  end
  if target.arm == "cavalry" and target.state == "good" and ask(target, "reaction_charge") then -- contact.cavalry
    mark(target, "reaction_charged")
  end
  if target.arm == "cavalry" then melee(charger, target) end -- contact.cavalry_melee

  -- contact.stand, with the battle's modifiers
  if target.arm == "infantry" and target.state == "good" and target.formation ~= "carre" and not marked(target, "carre_tried") then
    local mod = 0
    if charger.lancer then mod = mod - 6 end
    if charger.guard then mod = mod - 3 end
    if charger.light then mod = mod + 2 end
    if target.guard then mod = mod + 6 end
    if target.leader then mod = mod + 3 end
    if target.light then mod = mod - 2 end
    stand(charger, target, mod)
  end

  if target.formation == "carre" then -- contact.carre
    ride_into(charger, target)
    melee(charger, target)
  end
  if target.arm == "infantry" and target.state == "disordered" then -- contact.disordered
    melee(charger, target)
  end
end

function charge_end(charger, could_contact)
  if could_contact and not marked(charger, "recalled") then -- end.no_contact
    rout(charger, nil, 0)
    exhaust(charger)
  end
end

function fire(firer, target, fire_value, adjacent, cavalry_in_hex, fires, next_to_earlier)
  if not (fire_value > 0) then return true end -- fire.none
  if firer.formation == "carre" and not cavalry_in_hex then -- fire.carre_hexes
    if not adjacent or fires >= 3 or next_to_earlier then return true end
  end
  if firer.formation == "carre" and firer.arm == "infantry" and not cavalry_in_hex then -- fire.carre_value
    set_fire(fire_value / 3)
  end
  if firer.formation == "carre" and firer.arm == "infantry" and cavalry_in_hex then -- fire.carre_cavalry
    set_fire(fire_value)
  end
  if firer.arm == "artillery" and firer.formation == "carre" and cavalry_in_hex then -- fire.carre_artillery
    set_fire(fire_value * 2)
    shift(1)
  end
  return false
end

-- The Fire Effects chart, its columns by fire value and shifts.
function fire_resolve(firer, target, fire_value, shifts)
  local col = shifts
  if fire_value >= 8 then
    col = col + 2
  elseif fire_value >= 4 then
    col = col + 1
  end
  local roll = d66()
  local loss = 0
  if col <= 0 then
    if roll >= 46 then loss = 1 end
  elseif col <= 1 then
    if roll >= 61 then loss = 2 elseif roll >= 35 then loss = 1 end
  elseif roll >= 65 then
    loss = 3
  elseif roll >= 51 then
    loss = 2
  elseif roll >= 26 then
    loss = 1
  end
  if loss > 0 then lose(target, loss) end -- fire.loss
end

function assault_declare(attacker, defender, same_hex)
  if attacker.formation == "carre" then return true end -- assault.carre_no
  if defender.formation == "carre" and attacker.arm == "infantry" and same_hex then -- assault.carre_infantry
    return true
  end
  if defender.formation == "carre" and attacker.arm == "cavalry" and (not same_hex or not attacker.fired_on) then -- assault.carre_cavalry
    return true
  end
  return false
end

function melee_side(attacker, defender, side, friendly_zdi)
  if defender.formation == "line" and side == "flank" and friendly_zdi then -- melee.refused
    set_side("front")
  end
end

function melee_hook(attacker, defender, straight, charging)
  if charging and attacker.arm == "cavalry" then -- end.assaulted
    mark(attacker, "exhaust_after_melee")
  end
  if charging and straight and defender.formation ~= "carre" and not marked(defender, "reaction_charged") then -- melee.straight
    scale_attack(STRAIGHT_FACTOR)
  end
  if defender.formation == "carre" and attacker.arm == "infantry" then -- melee.infantry_carre
    scale_attack(INFANTRY_ON_CARRE)
  end
  if defender.formation == "carre" and attacker.arm == "cavalry" then -- melee.cavalry_carre
    scale_attack(CAVALRY_ON_CARRE)
  end
end

-- The Assault à Melee matrix, its columns by odds.
function melee_resolve(attacker, defender, odds)
  local attacker_dd, no_effect
  if odds < 1 then
    attacker_dd, no_effect = 36, 55
  elseif odds < 2 then
    attacker_dd, no_effect = 24, 44
  elseif odds < 3 then
    attacker_dd, no_effect = 16, 34
  else
    attacker_dd, no_effect = 12, 26
  end
  local roll = d66()
  if roll <= attacker_dd then
    set_state(attacker, "disordered") -- melee.attacker_dd
  elseif roll > no_effect then
    if defender.formation ~= "carre" then -- melee.dd
      set_state(defender, "disordered")
      retreat(defender, 1, attacker)
    end
    if defender.formation == "carre" then -- melee.carre_dd
      set_state(defender, "disordered")
      set_formation(defender, "column")
      retreat(defender, DD_RETREAT, attacker)
    end
  end
end

function turn_end(unit)
  if marked(unit, "exhaust_after_melee") then exhaust(unit) end -- turn.exhausted
  if marked(unit, "no_recall") and unit.state ~= "routed" then rout(unit, nil, 0) end -- turn.pgd
end
