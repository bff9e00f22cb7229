import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardPage } from '../../../components/layout/card-page';
import { PRODUCT_NAME } from '../../../config/product';
import { routePaths } from '../../../config/route-paths';

/** The five steps of the tour (spec §2 Onboarding). */
export const onboardingSteps = [
  {
    label: 'Welcome',
    text: `Welcome to ${PRODUCT_NAME}! This short tour shows how to turn a P&ID drawing into verified data you can export.`,
  },
  {
    label: 'Upload',
    text: 'Upload a drawing as a PDF or an image (PNG, JPG, JPEG or TIFF, up to 10 MB). Analysis starts automatically after the upload.',
  },
  {
    label: 'View Analysis Results',
    text: 'Open a processed drawing to see the detected equipment, valves, instruments, text and pipes drawn over the image, with the connections between them.',
  },
  {
    label: 'Edit and Customize',
    text: 'Correct names and descriptions, add missing elements and connections, move boxes into place and mark each item as confirmed once you have checked it.',
  },
  {
    label: 'All Set',
    text: 'You are ready to go. Export your verified data as CSV for Excel or any other tool whenever you like.',
  },
];

export function OnboardingPage() {
  const navigate = useNavigate();
  const [activeStep, setActiveStep] = useState(0);
  const toDashboard = () => navigate(routePaths.dashboard);
  const lastStep = onboardingSteps.length - 1;

  return (
    <CardPage
      title="Getting Started"
      subtitle="This quick tour takes about 2 minutes."
      action={
        <IconButton aria-label="Close tour" onClick={toDashboard}>
          <CloseIcon />
        </IconButton>
      }
    >
      <Stepper activeStep={activeStep} orientation="vertical" aria-label="Tour steps">
        {onboardingSteps.map((step, index) => (
          <Step key={step.label}>
            <StepLabel>{step.label}</StepLabel>
            <StepContent>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {step.text}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {index === lastStep ? (
                  <Button variant="contained" onClick={toDashboard}>
                    Go to Dashboard
                  </Button>
                ) : (
                  <Button variant="contained" onClick={() => setActiveStep(index + 1)}>
                    Next
                  </Button>
                )}
                <Button disabled={index === 0} onClick={() => setActiveStep(index - 1)}>
                  Back
                </Button>
              </Box>
            </StepContent>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button color="inherit" onClick={toDashboard}>
          Skip tour
        </Button>
      </Box>
    </CardPage>
  );
}
