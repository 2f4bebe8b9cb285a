import { Box, Button, Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { SkillCategoryView } from '@lea/shared';
import { SkillRow, type GridContext } from './skill-row';

/** A sub-category, collapsible, nesting its own daughters (spec 2 §2). */
function SubCategory({ category, grid, depth }: { category: SkillCategoryView; grid: GridContext; depth: number }) {
  const [opened, setOpened] = useState(true);
  return (
    <Box pl={depth > 0 ? 'md' : 0}>
      <UnstyledButton onClick={() => setOpened((v) => !v)} aria-expanded={opened} py={6}>
        <Group gap={4} wrap="nowrap">
          {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          <Text fw={600} size="sm">
            {category.name}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <CategoryContent category={category} grid={grid} depth={depth} />
      </Collapse>
    </Box>
  );
}

function CategoryContent({ category, grid, depth }: { category: SkillCategoryView; grid: GridContext; depth: number }) {
  return (
    <Stack gap={0}>
      {category.skills.map((skill) => (
        <SkillRow key={skill.id} skill={skill} grid={grid} />
      ))}
      {category.daughters.map((daughter) => (
        <SubCategory key={daughter.id} category={daughter} grid={grid} depth={depth + 1} />
      ))}
    </Stack>
  );
}

type Props = {
  category: SkillCategoryView;
  grid: GridContext;
  opened: boolean;
  onToggle: () => void;
  previous: { label: string; onClick: () => void } | null;
  next: { label: string; onClick: () => void } | null;
};

/** A root category of the session: a collapsible card with Previous and Next to its neighbours. */
export function CategoryPanel({ category, grid, opened, onToggle, previous, next }: Props) {
  return (
    <Paper withBorder p="md" radius="md" id={`skill-category-${category.id}`}>
      <UnstyledButton onClick={onToggle} aria-expanded={opened} w="100%">
        <Group gap="xs" wrap="nowrap">
          {opened ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          <Text fw={700}>{category.code ? `${category.code} - ${category.name}` : category.name}</Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <CategoryContent category={category} grid={grid} depth={0} />
        <Group justify="space-between" mt="sm">
          {previous ? (
            <Button variant="default" size="xs" onClick={previous.onClick}>
              {previous.label}
            </Button>
          ) : (
            <span />
          )}
          {next && (
            <Button variant="default" size="xs" onClick={next.onClick}>
              {next.label}
            </Button>
          )}
        </Group>
      </Collapse>
    </Paper>
  );
}
